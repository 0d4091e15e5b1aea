import type { AnyDb } from '../db/database.js';

/**
 * The filter that decides who may save a unit, quiz or assignment text (POST /api/upload/text).
 * The kernel knows nothing of courses, so it allows only site managers (`manage_options`) and
 * asks plugins: the LMS allows a course's authors and managers for units and quizzes, and a
 * student for their own assignment file (`assignments/{assignmentId}_{studentId}.txt`).
 */
export const TEXT_UPLOAD_FILTER = 'storage.textUpload';

export type TextUploadKind = 'units' | 'quiz' | 'assignments';

export interface TextUploadQuery {
  /** The request's transaction (row-level security keeps it to the account). */
  db: AnyDb;
  accountId: string;
  /** The signed-in member saving the text. */
  userId: string;
  kind: TextUploadKind;
  /** The file name without `.txt`: a unit or quiz id, or `{assignmentId}_{studentId}`. */
  itemId: string;
  /** `{kind}/{itemId}.txt`, the object's path in the private `texts` bucket. */
  path: string;
  /** Starts true only for members holding manage_options; the upload is refused when it ends false. */
  allowed: boolean;
}

declare module '../hooks/hook-bus.js' {
  interface FilterHooks {
    'storage.textUpload': TextUploadQuery;
  }
}
