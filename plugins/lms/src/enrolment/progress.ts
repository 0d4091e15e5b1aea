import { AppError } from '@lectern/sdk';
import type { CourseRow } from '../courses/index.js';
import type { LmsDb } from '../db/tables.js';
import { LmsErrors } from '../errors.js';
import { EnrolmentErrors } from './errors.js';
import { courseState, progressPercent, type CourseRules } from './rules/index.js';
import { completionInput, enrolmentView, findEnrolment, loadCurriculum, stampsOf, type EnrolmentRow, type EnrolmentView } from './store.js';

export const nowSeconds = (now: Date) => Math.floor(now.getTime() / 1000);

/** The enrolment, or 403 not_enrolled; an expired one is refused with 403 enrolment_expired. */
export function assertActive(row: EnrolmentRow | null, now: Date): EnrolmentRow {
  if (row === null) throw new AppError(LmsErrors.notEnrolled);
  if (row.expiry !== null && new Date(row.expiry).getTime() <= now.getTime()) throw new AppError(LmsErrors.enrolmentExpired);
  return row;
}

export const courseRules = (course: CourseRow): CourseRules => (course.settings ?? {}) as CourseRules;

/**
 * Marks a unit complete (stamp = now in seconds) or removes its stamp, then recomputes progress
 * from all stamps and submissions. The enrolment row is locked first, so concurrent completions
 * by one student apply one after another and none overwrites another's stamp. `course` was read
 * with its share lock (requireCourse with holdCurriculum).
 */
export async function setUnitComplete(
  db: LmsDb,
  accountId: string,
  course: CourseRow,
  studentId: string,
  itemId: string,
  complete: boolean,
  now: Date,
): Promise<{ enrolment: EnrolmentView; changed: boolean }> {
  const row = assertActive(await findEnrolment(db, accountId, course.id, studentId, 'course-held'), now);
  const items = await loadCurriculum(db, accountId, course.id);
  const item = items.find((i) => i.id === itemId);
  if (item === undefined) throw new AppError(LmsErrors.itemNotFound);
  if (item.post_type !== 'unit') throw new AppError(EnrolmentErrors.notAUnit);

  const input = await completionInput(db, accountId, row);
  const seconds = nowSeconds(now);
  const startAt = row.start_at === null ? seconds : nowSeconds(new Date(row.start_at));
  if (complete) {
    const state = courseState(items, { ...input, settings: courseRules(course), startAtSeconds: startAt, nowSeconds: seconds }).items.get(item.id);
    if (state?.complete === true) return { enrolment: enrolmentView(row), changed: false };
    if (state?.reason === 'unit_lock') throw new AppError(LmsErrors.unitLocked, undefined, { reason: 'unit_lock' });
    if (state?.reason === 'drip') throw new AppError(EnrolmentErrors.dripLocked, undefined, { reason: 'drip', opens_at: state.opens_at });
  }
  const stamps = { ...stampsOf(row.curriculum_data) };
  if (!complete && stamps[item.id] === undefined) return { enrolment: enrolmentView(row), changed: false };
  if (complete) stamps[item.id] = seconds;
  else delete stamps[item.id];
  const progress = progressPercent(items, { ...input, stamps });
  // Completing a unit is a start: status 1 becomes 2 with startAt now (SPEC §4).
  const starting = complete && row.status === 1;
  const updated = await db
    .updateTable('lms_course_students')
    .set({
      curriculum_data: JSON.stringify(stamps),
      progress,
      ...(starting ? { status: 2, start_at: new Date(seconds * 1000) } : {}),
      updated_at: now,
    })
    .where('account_id', '=', accountId)
    .where('course_id', '=', course.id)
    .where('student_id', '=', studentId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { enrolment: enrolmentView(updated), changed: true };
}

/**
 * Progress recomputed from the stored stamps and submissions (assessments call this after a
 * submission or grading). Its callers already hold the course's share lock and the enrolment row
 * (requireEnrolment with lock, lockStudentEnrolment), so the course is not locked a second time.
 */
export async function recomputeProgress(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<number | null> {
  const row = await findEnrolment(db, accountId, courseId, studentId, 'course-held');
  if (row === null) return null;
  const items = await loadCurriculum(db, accountId, courseId);
  const progress = progressPercent(items, await completionInput(db, accountId, row));
  if (progress !== row.progress) {
    await db
      .updateTable('lms_course_students')
      .set({ progress, updated_at: new Date() })
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('student_id', '=', studentId)
      .execute();
  }
  return progress;
}

/**
 * Refuses a curriculum item the player shows as locked (unit lock, or drip not yet released), so a
 * quiz or an assignment cannot be opened by going around the player. An item the student already
 * completed stays open (a retake, a resubmission).
 */
export async function assertItemOpen(db: LmsDb, accountId: string, course: CourseRow, studentId: string, itemId: string, now: Date): Promise<void> {
  const row = assertActive(await findEnrolment(db, accountId, course.id, studentId, false), now);
  const items = await loadCurriculum(db, accountId, course.id);
  const input = await completionInput(db, accountId, row);
  const seconds = nowSeconds(now);
  const startAt = row.start_at === null ? seconds : nowSeconds(new Date(row.start_at));
  const state = courseState(items, { ...input, settings: courseRules(course), startAtSeconds: startAt, nowSeconds: seconds }).items.get(itemId);
  if (state === undefined || state.complete) return;
  if (state.reason === 'unit_lock') throw new AppError(LmsErrors.unitLocked, undefined, { reason: 'unit_lock' });
  if (state.reason === 'drip') throw new AppError(EnrolmentErrors.dripLocked, undefined, { reason: 'drip', opens_at: state.opens_at });
}
