import { StorageErrors, storageError } from './storage-errors.js';

const BUCKET_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/;
// C0 and C1 control characters and DEL: never part of a sensible file name, and dangerous in logs.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_PATH = 1024;

/** Checks a bucket id: lower-case letters, digits, - and _ (it becomes a folder name on disk and in S3). */
export function checkBucketId(id: string): string {
  if (!BUCKET_ID.test(id))
    throw storageError(StorageErrors.invalidBucket, `Bucket name invalid: ${JSON.stringify(id.slice(0, 64))} must be 1-63 lower-case letters, digits, - or _`);
  return id;
}

/**
 * Normalises an object path the way the server stores it and refuses what could escape the
 * account's folder or confuse a file system: `..` and `.` segments, absolute paths, backslashes,
 * control characters. Repeated slashes collapse (the client removes empty folders too).
 */
export function normaliseObjectPath(raw: string): string {
  const invalid = (reason: string) => storageError(StorageErrors.invalidKey, `Invalid key: ${JSON.stringify(raw.slice(0, 100))}: ${reason}`);
  if (raw.length === 0) throw invalid('the object path is empty');
  if (raw.length > MAX_PATH) throw invalid(`the object path is longer than ${MAX_PATH} characters`);
  if (raw.startsWith('/')) throw invalid('the object path must be relative to its bucket (no leading /)');
  if (raw.includes('\\')) throw invalid('the object path must not contain backslashes');
  if (CONTROL.test(raw)) throw invalid('the object path must not contain control characters');
  const segments = raw.split('/').filter((s) => s !== '');
  if (segments.some((s) => s === '..' || s === '.')) throw invalid('the object path must not contain "." or ".." segments');
  if (segments.length === 0) throw invalid('the object path is empty');
  if (raw.endsWith('/')) throw invalid('the object path names a folder, not a file');
  return segments.join('/');
}

/** A list prefix: '' for the bucket's top level, else a folder path without the trailing slash. */
export function normalisePrefix(raw: string | undefined): string {
  const trimmed = (raw ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? '' : normaliseObjectPath(trimmed);
}

/** The driver key of an object: `<account_id>/<bucket>/<path>`. */
export function objectKey(accountId: string, bucket: string, path: string): string {
  return `${accountId}/${bucket}/${path}`;
}

/**
 * Where the resized copies of an image live. Bucket ids never start with ".", so this folder
 * cannot collide with an uploaded object.
 */
export function variantKey(accountId: string, bucket: string, path: string, width: number): string {
  return `${accountId}/.variants/${bucket}/${width}/${path}`;
}

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}
