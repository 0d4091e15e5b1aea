import { sql, type PluginMemberMeta } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

/** SPEC §3 member meta key: the quizzes an instructor assigned to a member. */
export const ASSIGNED_QUIZ = 'assigned_quiz';
/** How many open assignments one member may hold (the meta value stays a small list). */
export const ASSIGNED_MAX = 200;

export interface AssignedQuiz {
  quiz_id: string;
  course_id: string;
  assigned_by: string;
  assigned_at: string;
}

const isAssigned = (value: unknown): value is AssignedQuiz =>
  value !== null && typeof value === 'object' && typeof (value as AssignedQuiz).quiz_id === 'string' && typeof (value as AssignedQuiz).course_id === 'string';

/** The member's assigned quizzes as stored (anything malformed in the meta value is ignored). */
export async function assignedQuizzes(meta: PluginMemberMeta, db: LmsDb, accountId: string, userId: string): Promise<AssignedQuiz[]> {
  const value = (await meta.get({ db, accountId }, userId, [ASSIGNED_QUIZ])).get(ASSIGNED_QUIZ);
  return Array.isArray(value) ? value.filter(isAssigned) : [];
}

/** Adds the quiz to the member's list (again: no change); false when the list is full. */
export async function assignQuiz(meta: PluginMemberMeta, db: LmsDb, accountId: string, userId: string, entry: AssignedQuiz): Promise<boolean> {
  // One member's list is read and rewritten: lock it against a concurrent assignment.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${ASSIGNED_QUIZ}:${accountId}:${userId}`}))`.execute(db);
  const current = await assignedQuizzes(meta, db, accountId, userId);
  if (current.some((item) => item.quiz_id === entry.quiz_id)) return true;
  if (current.length >= ASSIGNED_MAX) return false;
  await meta.set({ db, accountId }, userId, ASSIGNED_QUIZ, [...current, entry]);
  return true;
}

/** Takes the quiz off the member's list; the meta row goes with its last entry. Answers whether it was there. */
export async function unassignQuiz(meta: PluginMemberMeta, db: LmsDb, accountId: string, userId: string, quizId: string): Promise<boolean> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`${ASSIGNED_QUIZ}:${accountId}:${userId}`}))`.execute(db);
  const current = await assignedQuizzes(meta, db, accountId, userId);
  const rest = current.filter((item) => item.quiz_id !== quizId);
  if (rest.length === current.length) return false;
  if (rest.length === 0) await meta.remove({ db, accountId }, userId, ASSIGNED_QUIZ);
  else await meta.set({ db, accountId }, userId, ASSIGNED_QUIZ, rest);
  return true;
}
