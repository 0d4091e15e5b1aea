import { AppError, type RequestContext } from '@lectern/sdk';
import { lmsDb, type ItemType, type LmsDb } from '../db/tables.js';
import { LmsErrors } from '../errors.js';
import { findCourse, isUuid, requireCourseAuthor } from '../courses/index.js';
import { assertItemOpen, clock } from '../enrolment/index.js';
import { assertActive } from '../enrolment/progress.js';
import { findEnrolment } from '../enrolment/store.js';

/** The request's tenant transaction, typed with the LMS tables (row-level security applies). */
export { lmsDb };

export interface AssessmentItem {
  id: string;
  course_id: string;
  title: string;
  settings: Record<string, unknown>;
}

/** A quiz or assignment of this account, or 404 (another account's ids are invisible). */
export async function loadAssessment(db: LmsDb, accountId: string, id: string, kind: Extract<ItemType, 'quiz' | 'assignment'>): Promise<AssessmentItem> {
  const row = isUuid(id)
    ? await db
        .selectFrom('lms_items')
        .select(['id', 'course_id', 'title', 'settings'])
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('post_type', '=', kind)
        .executeTakeFirst()
    : undefined;
  if (row === undefined) throw new AppError(LmsErrors.itemNotFound);
  return { ...row, settings: row.settings ?? {} };
}

/**
 * Course authors and site managers may edit a course's quizzes and grade them; other instructors
 * may not. No lock here: reads (question lists, assignees, queues) take none, and a grader who
 * changes a student's submissions takes the course's share lock next, through lockStudentEnrolment.
 */
export async function requireCourseEditor(ctx: RequestContext, courseId: string): Promise<void> {
  const course = await findCourse(lmsDb(ctx), ctx.account.id, courseId);
  if (course === null) throw new AppError(LmsErrors.courseNotFound);
  await requireCourseAuthor(ctx, course);
}

/**
 * The caller's enrolment in the course; with `lock`, locked for the rest of the transaction after
 * the course's share lock (findEnrolment), so one student's concurrent starts and submissions run
 * one after another. Not enrolled, or expired: 403.
 */
export async function requireEnrolment(ctx: RequestContext, courseId: string, options: { lock: boolean }): Promise<void> {
  assertActive(await findEnrolment(lmsDb(ctx), ctx.account.id, courseId, callerId(ctx), options.lock), clock.now());
}

/**
 * A grader about to change a student's submissions (mark, evaluate, reset) locks that student's
 * enrolment row first. One lock order everywhere: course row (share), enrolment row, then
 * submission rows. The student's own submit takes the same order (requireEnrolment, then the
 * submission), and progress is recomputed under the enrolment lock; a grader who locked the
 * submission first and the enrolment second (for progress) deadlocked with a resubmission.
 * Call after requireCourseEditor, and re-read the submission afterwards: it may have changed or
 * gone while this waited.
 */
export async function lockStudentEnrolment(ctx: RequestContext, courseId: string, studentId: string): Promise<void> {
  if (!isUuid(studentId)) return;
  await findEnrolment(lmsDb(ctx), ctx.account.id, courseId, studentId, true);
}

/**
 * The item must be open for the student as the player shows it: a quiz or assignment behind a
 * locked unit, or not yet released by the drip feed, is refused like the unit itself.
 */
export async function requireItemOpen(ctx: RequestContext, item: AssessmentItem): Promise<void> {
  const db = lmsDb(ctx);
  const course = await findCourse(db, ctx.account.id, item.course_id);
  if (course === null) throw new AppError(LmsErrors.courseNotFound);
  await assertItemOpen(db, ctx.account.id, course, callerId(ctx), item.id, clock.now());
}

/** The signed-in caller's id (routes needing it always have a session). */
export function callerId(ctx: RequestContext): string {
  if (ctx.userId === null) throw new AppError(LmsErrors.notEnrolled);
  return ctx.userId;
}
