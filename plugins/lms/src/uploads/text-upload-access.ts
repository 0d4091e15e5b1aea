import { AppError, TEXT_UPLOAD_FILTER, type PluginContext, type TextUploadQuery } from '@lectern/sdk';
import { findSubmission } from '../assessments/assignment-store.js';
import { AssessmentErrors } from '../assessments/errors.js';
import { assignmentSettings } from '../assessments/settings.js';
import { parseStudentFile } from '../assessments/submission-path.js';
import { findCourse, isCurriculumAuthor, isUuid } from '../courses/index.js';
import { lmsDb, type ItemType, type LmsDb } from '../db/tables.js';
import { clock } from '../enrolment/clock.js';
import { assertItemOpen } from '../enrolment/progress.js';
import { findEnrolment } from '../enrolment/store.js';

async function itemOf(db: LmsDb, accountId: string, id: string, type: ItemType) {
  if (!isUuid(id)) return undefined;
  return db
    .selectFrom('lms_items')
    .select(['id', 'course_id', 'settings'])
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('post_type', '=', type)
    .executeTakeFirst();
}

/**
 * A unit's or a quiz's text (or an assignment's own brief): whoever may edit the course's
 * curriculum. Site managers are allowed before this is asked (the kernel starts `allowed` true for
 * manage_options), so what is left is an author of the course with manage_curriculum.
 */
async function mayEditItem(db: LmsDb, accountId: string, userId: string, itemId: string, type: ItemType): Promise<boolean> {
  const item = await itemOf(db, accountId, itemId, type);
  if (item === undefined) return false;
  const course = await findCourse(db, accountId, item.course_id);
  return course !== null && (await isCurriculumAuthor(db, accountId, course, userId));
}

/**
 * A student's own file for a file assignment of a course they are enrolled in, under the rules the
 * submission route applies, since the file is what a file submission hands in: the enrolment is
 * active, the player shows the assignment open (unit lock, drip), and the submission is not marked
 * yet. A marked submission's file is refused like a resubmission (409 assignment_marked): the grade
 * must stay on the work it was given for. Until then the student may replace it and resubmit.
 *
 * The enrolment row is locked first, as submitting and marking do (course, enrolment, submission):
 * a marking cannot slip between this check and the write, which commit together.
 */
async function mayUploadOwnFile(db: LmsDb, accountId: string, userId: string, file: { assignmentId: string; studentId: string }): Promise<boolean> {
  if (file.studentId !== userId.toLowerCase()) return false;
  const item = await itemOf(db, accountId, file.assignmentId, 'assignment');
  if (item === undefined) return false;
  // The course's share lock comes with this read; then only the enrolment row is locked.
  const course = await findCourse(db, accountId, item.course_id, { holdCurriculum: true });
  if (course === null) return false;
  if ((await findEnrolment(db, accountId, course.id, userId, 'course-held')) === null) return false;
  if (assignmentSettings(item.settings).submission !== 'file')
    throw new AppError(AssessmentErrors.invalidSubmission, 'This assignment is answered with text, not a file');
  // Expired access, a locked unit before it or drip not yet releasing it: the player's own answer.
  await assertItemOpen(db, accountId, course, userId, item.id, clock.now());
  const submission = await findSubmission(db, accountId, item.id, userId);
  if (submission !== null && (submission.status >= 4 || submission.marks !== null)) throw new AppError(AssessmentErrors.assignmentMarked);
  return true;
}

/**
 * Who may write a course text: units/{unitId} and quiz/{quizId} the course's authors with
 * manage_curriculum (and managers); assignments/{assignmentId}_{studentId} only that student, while
 * they could submit it (mayUploadOwnFile); assignments/{assignmentId} (the assignment's own text)
 * like a unit. Anything else keeps the kernel's answer (managers only).
 */
export async function mayUploadText(query: TextUploadQuery): Promise<boolean> {
  if (query.allowed) return true;
  const db = lmsDb(query.db);
  const { accountId, userId, itemId } = query;
  switch (query.kind) {
    case 'units':
      return mayEditItem(db, accountId, userId, itemId, 'unit');
    case 'quiz':
      return mayEditItem(db, accountId, userId, itemId, 'quiz');
    case 'assignments': {
      const own = parseStudentFile(itemId);
      return own === null ? mayEditItem(db, accountId, userId, itemId, 'assignment') : mayUploadOwnFile(db, accountId, userId, own);
    }
    default:
      return false;
  }
}

/** Registers the LMS's answer to the kernel's text-upload question (skipped where the lms add-on is off). */
export function registerTextUploadAccess(ctx: PluginContext): void {
  ctx.hooks.addFilter(TEXT_UPLOAD_FILTER, async (query) => (!query.allowed && (await mayUploadText(query)) ? { ...query, allowed: true } : query));
}
