/** SPEC §7's upload path for assignment texts (POST /api/upload/text stores it in the `texts` bucket). */
const SPEC_TEXT_PATH = /^assignments\/[A-Za-z0-9_-]{1,100}\.txt$/;
/** Any object in the account's private `texts` bucket: plain segments, no "..", no hidden names. */
const TEXTS_OBJECT = /^texts\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/){0,9}[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/**
 * Normalises a submitted file's storage path to "texts/<path>", or null when it is not one the
 * student can have uploaded: the SPEC path `assignments/{id}.txt` (as /api/upload/text takes it)
 * or a path inside the `texts` bucket. Files are stored per account, so the path cannot reach
 * another site's storage. Whether the file exists is the storage's business (shape only here).
 */
export function normaliseSubmissionPath(input: string): string | null {
  const path = input.trim();
  if (SPEC_TEXT_PATH.test(path)) return `texts/${path}`;
  if (TEXTS_OBJECT.test(path) && !path.split('/').includes('..')) return path;
  return null;
}
