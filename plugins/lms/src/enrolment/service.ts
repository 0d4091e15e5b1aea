import { sql, type DbHandle } from '@lectern/sdk';
import { courseRefOf, isUuid } from '../courses/index.js';
import { lmsDb } from '../db/tables.js';
import type { EnrolResult, EnrolScope, EnrolmentService, EnrolmentSource } from '../contract.js';
import type { LmsEvents } from '../events/index.js';
import { expiryAt } from './rules/index.js';
import { courseDuration, enrolmentView, findEnrolment } from './store.js';

export type { EnrolmentSource, EnrolResult } from '../contract.js';

/** SPEC §8 answers, exactly as written. */
export const SEATS_ERROR = { status: 0, error: 'Seats Error', code: 'seats' } as const;
export const INSERT_FAILED = { status: 0 } as const;

/** DECISIONS.md: 9999 seats (or none) means unlimited. */
export const UNLIMITED_SEATS = 9999;

export type { EnrolScope, EnrolmentService } from '../contract.js';

export { LmsTokens } from '../tokens.js';

/**
 * Seats hold under concurrency because every enrolment first locks the course row (FOR UPDATE):
 * enrolments into one course run one after another, each sees the previous one's committed row
 * and count, and student_count moves in the same transaction as the row it counts.
 */
export async function enrolStudent(
  anyDb: DbHandle,
  accountId: string,
  courseId: string,
  userId: string,
  _source: EnrolmentSource,
  now = new Date(),
): Promise<EnrolResult> {
  const db = lmsDb(anyDb);
  if (!isUuid(courseId) || !isUuid(userId)) return INSERT_FAILED;
  const course = await db
    .selectFrom('lms_courses')
    .select(['id', 'seats', 'student_count'])
    .where('account_id', '=', accountId)
    .where('id', '=', courseId)
    .forUpdate()
    .executeTakeFirst();
  if (course === undefined) return INSERT_FAILED;
  // Only members of the site can be its students (a user id of another site is refused).
  const member = await db.selectFrom('members').select('user_id').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  if (member === undefined) return INSERT_FAILED;

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

export async function unenrolStudent(anyDb: DbHandle, accountId: string, courseId: string, userId: string): Promise<{ status: 0 | 1 }> {
  const db = lmsDb(anyDb);
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

async function courseRef(scope: EnrolScope, courseId: string) {
  const course = await courseRefOf(lmsDb(scope.db), scope.accountId, courseId);
  if (course === undefined) throw new Error(`course ${courseId} vanished inside its own transaction`);
  return course;
}

/** The service for this kernel's plugin context: enrolment plus what a new enrolment sets off. */
export function createEnrolmentService(events: LmsEvents): EnrolmentService {
  return {
    async enrol(scope, courseId, userId, source, now) {
      const result = await enrolStudent(scope.db, scope.accountId, courseId, userId, source, now);
      if (result.status === 1 && result.created) {
        const course = await courseRef(scope, courseId);
        await events.courseSubscribed(scope, course, userId, source);
        await events.enrolmentChanged(scope, course);
      }
      return result;
    },
    async unenrol(scope, courseId, userId) {
      const result = await unenrolStudent(scope.db, scope.accountId, courseId, userId);
      if (result.status === 1) await events.enrolmentChanged(scope, await courseRef(scope, courseId));
      return result;
    },
  };
}
