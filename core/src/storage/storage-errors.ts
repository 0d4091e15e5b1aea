import { defineErrors } from '../errors/define-errors.js';
import { AppError, type ErrorDefinition } from '../errors/errors.js';

/**
 * Storage's own refusals, worded as supabase/storage words them (storage-js shows `message`; the
 * body also carries storage-api's S3-style `code`, see routes/storage-scope.ts). The `error`
 * codes front ends branch on stay stable: "Duplicate" for an existing object without upsert,
 * not_found for a missing object, "Bucket not found" for a missing bucket (storage-api's own),
 * and the admin's invalid_mime_type / payload_too_large / quota_exceeded.
 */
export const StorageErrors = defineErrors({
  objectNotFound: { code: 'not_found', status: 404, messageKey: 'errors.notFound', message: 'Object not found' },
  bucketNotFound: { code: 'Bucket not found', status: 404, messageKey: 'errors.storage.bucketNotFound', message: 'Bucket not found' },
  duplicate: { code: 'Duplicate', status: 409, messageKey: 'errors.storage.duplicate', message: 'The resource already exists' },
  bucketExists: { code: 'Duplicate', status: 409, messageKey: 'errors.storage.duplicate', message: 'The resource already exists' },
  invalidKey: { code: 'invalid_key', status: 400, messageKey: 'errors.storage.invalidKey', message: 'Invalid key' },
  invalidBucket: { code: 'invalid_bucket', status: 400, messageKey: 'errors.storage.invalidBucket', message: 'Bucket name invalid' },
  invalidMime: { code: 'invalid_mime_type', status: 415, messageKey: 'errors.storage.invalidMime', message: 'mime type is not supported' },
  contentMismatch: { code: 'invalid_mime_type', status: 415, messageKey: 'errors.storage.invalidMime', message: 'The file content does not match its type' },
  tooLarge: { code: 'payload_too_large', status: 413, messageKey: 'errors.payloadTooLarge', message: 'The object exceeded the maximum allowed size' },
  quotaExceeded: { code: 'quota_exceeded', status: 413, messageKey: 'errors.storage.quotaExceeded', message: "The account's storage limit would be exceeded" },
  invalidSignature: { code: 'invalid_signature', status: 400, messageKey: 'errors.storage.invalidSignature', message: 'Invalid signature' },
  notOwner: { code: 'forbidden', status: 403, messageKey: 'errors.forbidden', message: 'You may only write your own avatar' },
  bucketNotEmpty: {
    code: 'bucket_not_empty',
    status: 409,
    messageKey: 'errors.storage.bucketNotEmpty',
    message: 'The bucket you tried to delete is not empty',
  },
  /** PUT /bucket/{id} asking to make a managers-only bucket (storage-rows.ts) public. */
  bucketStaysPrivate: {
    code: 'invalid_request',
    status: 400,
    messageKey: 'errors.storage.invalidRequest',
    message: 'This bucket is for the site’s managers only and cannot be made public',
  },
  invalidUpload: { code: 'invalid_request', status: 400, messageKey: 'errors.storage.invalidRequest', message: 'The upload could not be read' },
  invalidFileSizeLimit: {
    code: 'invalid_request',
    status: 400,
    messageKey: 'errors.storage.invalidRequest',
    message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
  },
  /** A multipart body that is malformed or cut off (also the answer of POST /api/upload/text). */
  invalidMultipart: {
    code: 'invalid_multipart',
    status: 400,
    messageKey: 'errors.storage.invalidMultipart',
    message: 'The multipart body is malformed or incomplete',
  },
});

export function storageError(definition: ErrorDefinition, message?: string): AppError {
  return new AppError(definition, message);
}
