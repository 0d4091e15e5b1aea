import { createToken, sql, type AnyDb } from '@lectern/sdk';
import { isUuid } from '../courses/index.js';
import type { LmsDb } from '../db/tables.js';
import { expiryAt } from './rules/index.js';
import { courseDuration, enrolmentView, findEnrolment, type EnrolmentView } from './store.js';

/** Where an enrolment came from (free sign-up, CSV, a purchase, a membership, an automation…). */
export type EnrolmentSource = 'free' | 'csv' | 'instructor' | 'purchase' | 'membership' | 'automation' | (string & {});

export type EnrolResult =
  | { status: 1; created: boolean; enrolment: EnrolmentView }
  | { status: 0; error: 'Seats Error'; code: 'seats' }
  | { status: 0 };

/** SPEC §8 answers, exactly as written. */
export const SEATS_ERROR = { status: 0, error: 'Seats Error', code: 'seats' } as const;
export const INSERT_FAILED = { status: 0 } as const;

/** DECISIONS.md: 9999 seats (or none) means unlimited. */
export const UNLIMITED_SEATS = 9999;

export interface EnrolmentService {
  /**
   * Enrols `userId` in the course inside the caller's transaction (`db` must be in the account's
   * tenancy: a request's `ctx.db` or an `inAccount` scope's `db`). Already enrolled → status 1 with
   * created false (nothing changes). Seats full → SEATS_ERROR. No such course → {status: 0}.
   */
  enrol(db: AnyDb | LmsDb, accountId: string, courseId: string, userId: string, source: EnrolmentSource, now?: Date): Promise<EnrolResult>;
  /** Removes the enrolment and frees its seat; {status: 0} when there was none. */
  unenrol(db: AnyDb | LmsDb, accountId: string, courseId: string, userId: string): Promise<{ status: 0 | 1 }>;
}

export const LmsTokens = {
  enrolment: createToken<EnrolmentService>('lms.enrolment'),
} as const;

/**
 * Seats hold under concurrency because every enrolment first locks the course row (FOR UPDATE):
 * enrolments into one course run one after another, each sees the previous one's committed row
 * and count, and student_count moves in the same transaction as the row it counts.
 */
async function enrol(anyDb: AnyDb | LmsDb, accountId: string, courseId: string, userId: string, _source: EnrolmentSource, now = new Date()): Promise<EnrolResult> {
  const db = anyDb as LmsDb;
  if (!isUuid(courseId) || !isUuid(userId)) return INSERT_FAILED;
  const course = await db
    .selectFrom('lms_courses')
    .select(['id', 'seats', 'student_count'])
    .where('account_id', '=', accountId)
    .where('id', '=', courseId)
    .forUpdate()
    .executeTakeFirst();
  if (course === undefined) return INSERT_FAILED;

  const existing = await findEnrolment(db, accountId, courseId, userId);
  if (existing !== null) return { status: 1, created: false, enrolment: enrolmentView(existing) };

  const limited = course.seats !== null && course.seats !== UNLIMITED_SEATS;
  if (limited && course.student_count >= (course.seats as number)) return SEATS_ERROR;

  const expiry = expiryAt(await courseDuration(db, accountId, courseId), now.getTime());
  const inserted = await db
    .insertInto('lms_course_students')
    .values({ account_id: accountId, course_id: courseId, student_id: userId, expiry, curriculum_data: '{}', created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'student_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted === undefined) return INSERT_FAILED;
  await db
    .updateTable('lms_courses')
    .set({ student_count: sql<number>`student_count + 1` })
    .where('account_id', '=', accountId)
    .where('id', '=', courseId)
    .execute();
  return { status: 1, created: true, enrolment: enrolmentView(inserted) };
}

async function unenrol(anyDb: AnyDb | LmsDb, accountId: string, courseId: string, userId: string): Promise<{ status: 0 | 1 }> {
  const db = anyDb as LmsDb;
  if (!isUuid(courseId) || !isUuid(userId)) return { status: 0 };
  // Same lock order as enrol (course row first), so the two never deadlock.
  const course = await db.selectFrom('lms_courses').select('id').where('account_id', '=', accountId).where('id', '=', courseId).forUpdate().executeTakeFirst();
  if (course === undefined) return { status: 0 };
  const removed = await db
    .deleteFrom('lms_course_students')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', userId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return { status: 0 };
  await db
    .updateTable('lms_courses')
    .set({ student_count: sql<number>`greatest(student_count - 1, 0)` })
    .where('account_id', '=', accountId)
    .where('id', '=', courseId)
    .execute();
  return { status: 1 };
}

export const enrolmentService: EnrolmentService = { enrol, unenrol };
