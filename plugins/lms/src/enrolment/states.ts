import { AppError } from '@lectern/sdk';
import { deleteStudentSubmissions } from '../assessments/course-submissions.js';
import type { CourseRow } from '../courses/index.js';
import type { LmsDb } from '../db/tables.js';
import { EnrolmentErrors } from './errors.js';
import { assertActive, courseRules, nowSeconds } from './progress.js';
import { progressPercent } from './rules/index.js';
import { completionInput, enrolmentView, findEnrolment, loadCurriculum, type EnrolmentView } from './store.js';

const update = (db: LmsDb, accountId: string, courseId: string, studentId: string) =>
  db.updateTable('lms_course_students').where('account_id', '=', accountId).where('course_id', '=', courseId).where('student_id', '=', studentId);

/**
 * SPEC §4: the first start moves status 1 to 2 with startAt = now (seconds); later starts change
 * nothing. `course` was read with its share lock (requireCourse with holdCurriculum).
 */
export async function startCourse(db: LmsDb, accountId: string, course: CourseRow, studentId: string, now: Date): Promise<EnrolmentView> {
  const row = assertActive(await findEnrolment(db, accountId, course.id, studentId, 'course-held'), now);
  if (row.status !== 1) return enrolmentView(row);
  const updated = await update(db, accountId, course.id, studentId)
    .set({ status: 2, start_at: new Date(nowSeconds(now) * 1000), updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return enrolmentView(updated);
}

/**
 * The student finishes the course (DECISIONS.md): every item must be complete; the status becomes
 * 3 (submitted for evaluation), or 4 at once when the course evaluates automatically
 * (settings.evaluation 'auto'). Finishing again changes nothing. `course` was read with its share
 * lock (requireCourse with holdCurriculum).
 */
export async function finishCourse(
  db: LmsDb,
  accountId: string,
  course: CourseRow,
  studentId: string,
  now: Date,
): Promise<{ enrolment: EnrolmentView; changed: boolean }> {
  const row = assertActive(await findEnrolment(db, accountId, course.id, studentId, 'course-held'), now);
  if (row.status >= 3) return { enrolment: enrolmentView(row), changed: false };
  const items = await loadCurriculum(db, accountId, course.id);
  const progress = progressPercent(items, await completionInput(db, accountId, row));
  if (progress < 100) throw new AppError(EnrolmentErrors.courseIncomplete, undefined, { progress });
  const status = courseRules(course).evaluation === 'auto' ? 4 : 3;
  const updated = await update(db, accountId, course.id, studentId)
    .set({ status, progress, ...(row.start_at === null ? { start_at: new Date(nowSeconds(now) * 1000) } : {}), updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { enrolment: enrolmentView(updated), changed: true };
}

/** An instructor sets any status 1–4 (DECISIONS.md). Status 2 without a start gets startAt now. */
export async function setStatus(
  db: LmsDb,
  accountId: string,
  course: CourseRow,
  studentId: string,
  status: number,
  now: Date,
): Promise<{ enrolment: EnrolmentView; previous: number }> {
  const row = await findEnrolment(db, accountId, course.id, studentId, true);
  if (row === null) throw new AppError(EnrolmentErrors.studentNotFound);
  const updated = await update(db, accountId, course.id, studentId)
    .set({ status, ...(status >= 2 && row.start_at === null ? { start_at: new Date(nowSeconds(now) * 1000) } : {}), updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { enrolment: enrolmentView(updated), previous: row.status };
}

/**
 * SPEC §4 reset: status 1, progress 0, empty curriculum_data, no startAt, marks 0, and the
 * student's quiz and assignment submissions of this course deleted — all in one transaction.
 * The expiry is kept: a reset is a fresh attempt, not a new enrolment.
 */
export async function resetStudent(db: LmsDb, accountId: string, course: CourseRow, studentId: string, now: Date): Promise<EnrolmentView> {
  const row = await findEnrolment(db, accountId, course.id, studentId, true);
  if (row === null) throw new AppError(EnrolmentErrors.studentNotFound);
  await deleteStudentSubmissions(db, accountId, course.id, studentId);
  const updated = await update(db, accountId, course.id, studentId)
    .set({ status: 1, progress: 0, curriculum_data: '{}', start_at: null, marks: 0, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return enrolmentView(updated);
}
