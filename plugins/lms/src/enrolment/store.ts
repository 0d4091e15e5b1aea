import type { EnrolmentView } from '../contract.js';
import { AppError, sql, type RequestContext, type Selectable } from '@lectern/sdk';
import { findCourse, loadCurriculum, requireCourseAuthor, type CourseRow, type CurriculumItem } from '../courses/index.js';
import { lmsDb, type CourseStudentsTable, type LmsDb } from '../db/tables.js';
import { LmsErrors } from '../errors.js';
import { holdCurriculum } from './course-progress.js';
import type { CompletionInput, SubmissionState } from './rules/index.js';

export type EnrolmentRow = Selectable<CourseStudentsTable>;

export { lmsDb };

export const toSeconds = (date: Date | string | null): number | null => (date === null ? null : Math.floor(new Date(date).getTime() / 1000));

/**
 * A course by id or slug, or 404 course_not_found. A route that goes on to write the student's
 * progress passes `holdCurriculum` and then reads the enrolment with `'course-held'`.
 */
export async function requireCourse(db: LmsDb, accountId: string, idOrSlug: string, options: { holdCurriculum?: boolean } = {}): Promise<CourseRow> {
  const course = await findCourse(db, accountId, idOrSlug, options);
  if (course === null) throw new AppError(LmsErrors.courseNotFound);
  return course;
}

export async function courseDuration(db: LmsDb, accountId: string, courseId: string): Promise<unknown> {
  const row = await db
    .selectFrom('lms_course_meta')
    .select('meta_value')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('meta_key', '=', 'courseDuration')
    .executeTakeFirst();
  return row?.meta_value;
}

/**
 * How findEnrolment locks the row. `false`: not at all. `true`: FOR UPDATE, after the course's
 * share lock (holdCurriculum), so progress written under it is computed from a curriculum nobody
 * is changing. `'course-held'`: FOR UPDATE alone, for a caller whose transaction already holds the
 * course's share lock (requireCourse or findCourse with holdCurriculum, requireEnrolment,
 * lockStudentEnrolment): the lock order stays course, enrolment, submission, one query fewer.
 */
export type EnrolmentLock = boolean | 'course-held';

export async function findEnrolment(
  db: LmsDb,
  accountId: string,
  courseId: string,
  studentId: string,
  lock: EnrolmentLock = false,
): Promise<EnrolmentRow | null> {
  let q = db
    .selectFrom('lms_course_students')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId);
  if (lock === true) await holdCurriculum(db, accountId, courseId);
  if (lock !== false) q = q.forUpdate();
  return (await q.executeTakeFirst()) ?? null;
}

/**
 * Per quiz, the attempt that decides completion: the newest submitted one (status ≥ 3), else the
 * newest. A retake in progress therefore leaves the quiz complete until it is itself submitted
 * (docs/decisions.md); per assignment, the student's one submission.
 */
export async function loadSubmissions(
  db: LmsDb,
  accountId: string,
  courseId: string,
  studentId: string,
): Promise<Pick<CompletionInput, 'quizzes' | 'assignments'>> {
  const [quizRows, assignmentRows] = await Promise.all([
    db
      .selectFrom('lms_quiz_submissions')
      .select(['quiz_id', 'status', 'marks'])
      .distinctOn('quiz_id')
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('student_id', '=', studentId)
      .orderBy('quiz_id')
      .orderBy(sql`status >= 3`, 'desc')
      .orderBy('attempt', 'desc')
      .execute(),
    db
      .selectFrom('lms_assignment_submissions')
      .select(['assignment_id', 'status', 'marks'])
      .where('account_id', '=', accountId)
      .where('course_id', '=', courseId)
      .where('student_id', '=', studentId)
      .execute(),
  ]);
  return {
    quizzes: new Map<string, SubmissionState>(quizRows.map((r) => [r.quiz_id, { status: r.status, marks: r.marks }])),
    assignments: new Map<string, SubmissionState>(assignmentRows.map((r) => [r.assignment_id, { status: r.status, marks: r.marks }])),
  };
}

export async function completionInput(db: LmsDb, accountId: string, enrolment: EnrolmentRow): Promise<CompletionInput> {
  const submissions = await loadSubmissions(db, accountId, enrolment.course_id, enrolment.student_id);
  return { stamps: stampsOf(enrolment.curriculum_data), ...submissions };
}

/** curriculum_data as stored, keeping only numeric stamps (bad rows never crash a read). */
export function stampsOf(data: unknown): Record<string, number> {
  if (data === null || typeof data !== 'object') return {};
  return Object.fromEntries(Object.entries(data as Record<string, unknown>).filter((e): e is [string, number] => typeof e[1] === 'number'));
}

export { loadCurriculum, type CourseRow, type CurriculumItem };

/**
 * Course authors and members with manage_options may manage a course's students; other holders of
 * manage_students may not (403 not_course_author), as for every change to a course.
 */
export async function assertCourseManager(ctx: RequestContext, course: CourseRow): Promise<void> {
  await requireCourseAuthor(ctx, course);
}

/** An enrolment as the API shows it: SPEC's units (startAt and stamps in seconds, expiry in milliseconds). */
export type { EnrolmentView } from '../contract.js';

export function enrolmentView(row: EnrolmentRow): EnrolmentView {
  return {
    course_id: row.course_id,
    student_id: row.student_id,
    status: row.status,
    startAt: toSeconds(row.start_at),
    expiry: row.expiry === null ? null : new Date(row.expiry).getTime(),
    progress: row.progress,
    marks: row.marks,
    curriculum_data: stampsOf(row.curriculum_data),
    enrolled_at: new Date(row.created_at).toISOString(),
  };
}
