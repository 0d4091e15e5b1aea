import { AppError, type ErrorDefinition } from '../errors/errors.js';

function define(code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition {
  return Object.freeze({ code, statusCode, messageKey, message });
}

/**
 * Storage's own refusals, worded as supabase/storage words them (storage-js shows `message`; the
 * body also carries storage-api's S3-style `code`, see routes/storage-scope.ts). The `error`
 * codes front ends branch on stay stable: "Duplicate" for an existing object without upsert,
 * not_found for a missing object, "Bucket not found" for a missing bucket (storage-api's own),
 * and the admin's invalid_mime_type / payload_too_large / quota_exceeded.
 */
export const StorageErrors = {
  objectNotFound: define('not_found', 404, 'errors.storage.objectNotFound', 'Object not found'),
  bucketNotFound: define('Bucket not found', 404, 'errors.storage.bucketNotFound', 'Bucket not found'),
  duplicate: define('Duplicate', 409, 'errors.storage.duplicate', 'The resource already exists'),
  bucketExists: define('Duplicate', 409, 'errors.storage.bucketExists', 'The resource already exists'),
  invalidKey: define('invalid_key', 400, 'errors.storage.invalidKey', 'Invalid key'),
  invalidBucket: define('invalid_bucket', 400, 'errors.storage.invalidBucket', 'Bucket name invalid'),
  invalidMime: define('invalid_mime_type', 415, 'errors.storage.invalidMime', 'mime type is not supported'),
  contentMismatch: define('invalid_mime_type', 415, 'errors.storage.contentMismatch', 'The file content does not match its type'),
  tooLarge: define('payload_too_large', 413, 'errors.storage.tooLarge', 'The object exceeded the maximum allowed size'),
  quotaExceeded: define('quota_exceeded', 413, 'errors.storage.quotaExceeded', "The account's storage limit would be exceeded"),
  invalidSignature: define('invalid_signature', 400, 'errors.storage.invalidSignature', 'Invalid signature'),
  notOwner: define('forbidden', 403, 'errors.storage.notOwner', 'You may only write your own avatar'),
  bucketNotEmpty: define('bucket_not_empty', 409, 'errors.storage.bucketNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidUpload: define('invalid_request', 400, 'errors.storage.invalidUpload', 'The upload could not be read'),
  invalidFileSizeLimit: define('invalid_request', 400, 'errors.storage.invalidFileSizeLimit', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  /** A multipart body that is malformed or cut off (also the answer of POST /api/upload/text). */
  invalidMultipart: define('invalid_multipart', 400, 'errors.storage.invalidMultipart', 'The multipart body is malformed or incomplete'),
} as const satisfies Record<string, ErrorDefinition>;

export function storageError(definition: ErrorDefinition, message?: string): AppError {
  return new AppError(definition, message);
}
