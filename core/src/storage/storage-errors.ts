import { AppError, type ErrorDefinition } from '../errors/errors.js';

function define(code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition {
  return Object.freeze({ code, statusCode, messageKey, message });
}

/**
 * Storage's own refusals. The codes follow supabase/storage where the client or front ends branch
 * on them ("Duplicate" for an existing object without upsert, not_found for a missing object).
 */
export const StorageErrors = {
  objectNotFound: define('not_found', 404, 'errors.storage.objectNotFound', 'Object not found'),
  bucketNotFound: define('not_found', 404, 'errors.storage.bucketNotFound', 'Bucket not found'),
  duplicate: define('Duplicate', 409, 'errors.storage.duplicate', 'The resource already exists'),
  bucketExists: define('Duplicate', 409, 'errors.storage.bucketExists', 'A bucket with this id already exists'),
  invalidKey: define('invalid_key', 400, 'errors.storage.invalidKey', 'The object path is not valid'),
  invalidBucket: define('invalid_bucket', 400, 'errors.storage.invalidBucket', 'The bucket id is not valid'),
  invalidMime: define('invalid_mime_type', 415, 'errors.storage.invalidMime', 'This file type is not allowed'),
  contentMismatch: define('invalid_mime_type', 415, 'errors.storage.contentMismatch', 'The file content does not match its type'),
  tooLarge: define('payload_too_large', 413, 'errors.storage.tooLarge', 'The object exceeded the maximum allowed size'),
  quotaExceeded: define('quota_exceeded', 413, 'errors.storage.quotaExceeded', "The account's storage limit would be exceeded"),
  invalidSignature: define('invalid_signature', 400, 'errors.storage.invalidSignature', 'The signed URL is invalid or has expired'),
  notOwner: define('forbidden', 403, 'errors.storage.notOwner', 'You may only write your own avatar'),
  bucketNotEmpty: define('bucket_not_empty', 409, 'errors.storage.bucketNotEmpty', 'The bucket must be empty before it is deleted'),
  invalidUpload: define('invalid_request', 400, 'errors.storage.invalidUpload', 'The upload could not be read'),
} as const satisfies Record<string, ErrorDefinition>;

export function storageError(definition: ErrorDefinition, message?: string): AppError {
  return new AppError(definition, message);
}
