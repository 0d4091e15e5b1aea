import { studentFileId } from '../uploads/text-upload-access.js';

/** Any object in the account's private `texts` bucket: plain segments, no "..", no hidden names. */
const TEXTS_OBJECT = /^texts\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/){0,9}[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
/** SPEC §7's shape of an assignment text as /api/upload/text takes it (without the bucket). */
const SPEC_TEXT_PATH = /^assignments\/[A-Za-z0-9_-]{1,100}\.txt$/;

export type SubmissionPath = { ok: true; path: string } | { ok: false; reason: 'malformed' | 'not_own' };

/**
 * The storage path a file submission may name: only the student's own file for this assignment,
 * `assignments/{assignmentId}_{studentId}.txt` as the student screen uploads it through
 * /api/upload/text (which lets no one else write it), with or without the `texts/` bucket prefix.
 * Normalised to `texts/assignments/…`. Anything that is not a path in the texts bucket is
 * `malformed`; another student's or another assignment's file is `not_own`.
 */
export function submissionPath(input: string, assignmentId: string, studentId: string): SubmissionPath {
  const raw = input.trim();
  const path = SPEC_TEXT_PATH.test(raw) ? `texts/${raw}` : raw;
  if (!TEXTS_OBJECT.test(path) || path.split('/').includes('..')) return { ok: false, reason: 'malformed' };
  const own = `texts/assignments/${studentFileId(assignmentId, studentId)}.txt`;
  return path.toLowerCase() === own.toLowerCase() ? { ok: true, path: own } : { ok: false, reason: 'not_own' };
}
