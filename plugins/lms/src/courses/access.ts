import { AppError, type RequestContext } from '@lectern/sdk';
import { LmsErrors } from '../errors.js';
import { lmsDb, type LmsDb } from '../db/tables.js';
import { isAuthor, memberCaps } from './people.js';
import { findCourse, type CourseRow } from './read-model.js';

export { lmsDb };

/** Who may create courses and see the managers' list (SPEC §6). */
export const courseEditors = { capability: ['create_courses', 'manage_options'] };
/** Who may work on curricula (the author check follows in the handler). */
export const curriculumEditors = { capability: ['manage_curriculum', 'manage_options'] };

/** The course (404 when missing), if the caller may change it: an author, or a site manager. */
export async function courseForEditor(ctx: RequestContext, courseId: string, options: { lock?: boolean } = {}): Promise<CourseRow> {
  const db = lmsDb(ctx);
  const course = options.lock === true ? await lockCourse(db, ctx.account.id, courseId) : await findCourse(db, ctx.account.id, courseId);
  if (course === null || course.id !== courseId) throw new AppError(LmsErrors.courseNotFound);
  await requireCourseAuthor(ctx, course);
  return course;
}

/**
 * Every change to a course (curriculum, students, grading) belongs to its authors and to site
 * managers; other instructors get 403 not_course_author.
 */
export async function requireCourseAuthor(ctx: RequestContext, course: Pick<CourseRow, 'id' | 'author_id'>): Promise<void> {
  if (await ctx.can('manage_options')) return;
  if (ctx.userId !== null && (await isCourseAuthor(lmsDb(ctx), ctx.account.id, course, ctx.userId))) return;
  throw new AppError(LmsErrors.notCourseAuthor);
}

/** The course's main author or one of its co-authors. */
export async function isCourseAuthor(db: LmsDb, accountId: string, course: Pick<CourseRow, 'id' | 'author_id'>, userId: string): Promise<boolean> {
  return course.author_id === userId || isAuthor(db, accountId, course.id, userId);
}

/**
 * The non-manager half of the curriculum rule, without a request (hooks get the transaction and
 * the user): manage_curriculum and being one of the course's authors — what curriculumEditors plus
 * requireCourseAuthor let through for someone without manage_options. Site managers are not
 * checked here: the text-upload filter, its one caller, only asks about members the kernel did not
 * already allow for holding manage_options.
 */
export async function isCurriculumAuthor(db: LmsDb, accountId: string, course: Pick<CourseRow, 'id' | 'author_id'>, userId: string): Promise<boolean> {
  return (await memberCaps(db, accountId, userId)).has('manage_curriculum') && (await isCourseAuthor(db, accountId, course, userId));
}

/** The course row locked for the transaction: curriculum changes of one course run one at a time. */
async function lockCourse(db: LmsDb, accountId: string, courseId: string): Promise<CourseRow | null> {
  const row = await db.selectFrom('lms_courses').selectAll().where('account_id', '=', accountId).where('id', '=', courseId).forUpdate().executeTakeFirst();
  return row ?? null;
}
