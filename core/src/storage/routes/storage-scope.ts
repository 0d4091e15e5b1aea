import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeError } from '../../errors/handler.js';

/** storage-api's S3-style `code` for our error codes (its ErrorCode enum), else by status. */
const S3_CODES_BY_ERROR: Record<string, string> = {
  not_found: 'NoSuchKey',
  'Bucket not found': 'NoSuchBucket',
  Duplicate: 'ResourceAlreadyExists',
  invalid_key: 'InvalidKey',
  invalid_bucket: 'InvalidBucketName',
  invalid_mime_type: 'InvalidMimeType',
  payload_too_large: 'EntityTooLarge',
  quota_exceeded: 'EntityTooLarge',
  invalid_signature: 'InvalidSignature',
  bucket_not_empty: 'ResourceNotEmpty',
  forbidden: 'AccessDenied',
  not_authenticated: 'InvalidJWT',
  invalid_token: 'InvalidJWT',
};
const S3_CODES_BY_STATUS: Record<string, string> = {
  '400': 'InvalidRequest',
  '401': 'InvalidJWT',
  '403': 'AccessDenied',
  '404': 'NoSuchKey',
  '409': 'ResourceAlreadyExists',
  '413': 'EntityTooLarge',
  '415': 'InvalidMimeType',
};

/**
 * Errors as supabase/storage answers them: `{statusCode: "404", error, message}` with the real
 * status in the string and HTTP 400 for every non-500 failure (storage-js reads the body, and its
 * exists() treats 400 as "no"). The body is sent pre-serialised: the kernel's shared error schema
 * types statusCode as a number and would turn "404" into 404.
 */
export function makeStorageScope(scope: FastifyInstance): void {
  scope.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const { body, unexpected } = describeError(error);
    if (unexpected) request.log.error({ err: error }, 'storage request failed');
    else request.log.info({ code: body.error, statusCode: body.statusCode }, body.message);
    return sendStorageError(reply, body.statusCode, body.error, body.message);
  });
  scope.setNotFoundHandler((request, reply) =>
    sendStorageError(reply, 404, 'not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`, 'NotSupported'),
  );
}

export function sendStorageError(reply: FastifyReply, statusCode: number, error: string, message: string, s3Code?: string): FastifyReply {
  const status = String(statusCode);
  const body: Record<string, string> = { statusCode: status, error, message };
  body.code = s3Code ?? S3_CODES_BY_ERROR[error] ?? S3_CODES_BY_STATUS[status] ?? (statusCode >= 500 ? 'InternalError' : 'InvalidRequest');
  return reply
    .status(statusCode >= 500 ? statusCode : 400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}
