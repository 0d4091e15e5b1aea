import { isUuid } from '../courses/read-model.js';

/** Any object in the account's private `texts` bucket: plain segments, no "..", no hidden names. */
const TEXTS_OBJECT = /^texts\/(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/){0,9}[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
/** SPEC §7's shape of an assignment text as /api/upload/text takes it (without the bucket). */
const SPEC_TEXT_PATH = /^assignments\/[A-Za-z0-9_-]{1,100}\.txt$/;

/** The per-student file name of an assignment submission, as the student screen uploads it: `{assignmentId}_{studentId}`. */
const studentFileId = (assignmentId: string, studentId: string) => `${assignmentId}_${studentId}`;

/** The student's own file for the assignment, as /api/upload/text takes it (without the `texts/` bucket). */
export const ownFilePath = (assignmentId: string, studentId: string) => `assignments/${studentFileId(assignmentId, studentId)}.txt`;

/** `{assignmentId, studentId}` (lower case) of a per-student file name, or null when it is not two uuids joined by `_`. */
export function parseStudentFile(itemId: string): { assignmentId: string; studentId: string } | null {
  const parts = itemId.split('_');
  if (parts.length !== 2 || !parts.every((part) => isUuid(part))) return null;
  const [assignmentId, studentId] = parts.map((part) => part.toLowerCase()) as [string, string];
  return { assignmentId, studentId };
}

export type SubmissionPath = { ok: true; path: string } | { ok: false; reason: 'malformed' | 'not_own' };

/**
 * The storage path a file submission may name: only the student's own file for this assignment
 * (ownFilePath), which /api/upload/text lets no one else write, with or without the `texts/` bucket
 * prefix. Normalised to `texts/assignments/…`. Anything that is not a path in the texts bucket is
 * `malformed`; another student's or another assignment's file is `not_own`.
 */
export function submissionPath(input: string, assignmentId: string, studentId: string): SubmissionPath {
  const raw = input.trim();
  const path = SPEC_TEXT_PATH.test(raw) ? `texts/${raw}` : raw;
  if (!TEXTS_OBJECT.test(path) || path.split('/').includes('..')) return { ok: false, reason: 'malformed' };
  const own = `texts/${ownFilePath(assignmentId, studentId)}`;
  return path.toLowerCase() === own.toLowerCase() ? { ok: true, path: own } : { ok: false, reason: 'not_own' };
}
