import type { PluginApp, PluginContext } from '@lectern/sdk';
import { findCourse, isUuid } from '../courses/read-model.js';
import { lmsDb } from '../db/tables.js';
import { LmsEvents } from '../events/index.js';
import { instructorRoutes } from './routes/instructor.js';
import { studentRoutes } from './routes/student.js';
import { createEnrolmentService, LmsTokens } from './service.js';

export {
  LmsTokens,
  enrolStudent,
  unenrolStudent,
  SEATS_ERROR,
  INSERT_FAILED,
  type EnrolmentService,
  type EnrolScope,
  type EnrolResult,
  type EnrolmentSource,
} from './service.js';
// recalculateProgress is the name the assessments code looks up after grading.
export { assertItemOpen, recomputeProgress, recomputeProgress as recalculateProgress } from './progress.js';
export { clock } from './clock.js';
export { holdCurriculum, recomputeCourseProgress } from './course-progress.js';
export * as enrolmentRules from './rules/index.js';

/** Enrolment, states, progress, unit lock, drip and the player, under /api/lms/player, /my and /roster. */
export async function enrolmentRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  await studentRoutes(app, ctx);
  await instructorRoutes(app, ctx);
}

/** The enrolment service other plugins (purchases, memberships, automations) resolve through LmsTokens.enrolment. */
export function registerEnrolment(ctx: PluginContext): LmsEvents {
  const events = new LmsEvents(ctx);
  ctx.provide(LmsTokens.events, events);
  ctx.provide(LmsTokens.enrolment, createEnrolmentService(events));
  ctx.provide(LmsTokens.courses, {
    async find(db, accountId, idOrSlug) {
      const course = await findCourse(lmsDb(db), accountId, idOrSlug);
      return course === null ? null : { id: course.id, title: course.title, slug: course.slug };
    },
    async findMany(db, accountId, ids) {
      // A value that is not a uuid names no course (and must not reach the uuid column).
      const wanted = ids.filter((id) => isUuid(id));
      if (wanted.length === 0) return [];
      return lmsDb(db).selectFrom('lms_courses').select(['id', 'title', 'slug']).where('account_id', '=', accountId).where('id', 'in', wanted).execute();
    },
    async studentIds(db, accountId, courseIds) {
      const wanted = courseIds.filter((id) => isUuid(id));
      if (wanted.length === 0) return [];
      const rows = await lmsDb(db)
        .selectFrom('lms_course_students')
        .select('student_id')
        .distinct()
        .where('account_id', '=', accountId)
        .where('course_id', 'in', wanted)
        .execute();
      return rows.map((row) => row.student_id);
    },
  });
  return events;
}
