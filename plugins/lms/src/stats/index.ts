import { AppError, type PluginApp, type PluginContext } from '@lectern/sdk';
import { findCourse, requireCourseAuthor } from '../courses/index.js';
import { lmsDb } from '../db/tables.js';
import { clock } from '../enrolment/index.js';
import { LmsErrors } from '../errors.js';
import { CourseStatsSchema, StatsParams } from './schema.js';
import { courseStats } from './store.js';

/** Course statistics under /api/lms/courses/:id/stats (manage_stats; the course's authors and site managers). */
export async function statsRoutes(app: PluginApp, _ctx: PluginContext): Promise<void> {
  app.get(
    '/courses/:id/stats',
    {
      config: { capability: 'manage_stats' },
      schema: {
        tags: ['lms'],
        summary: "A course's statistics: students by status, average progress, completion rate, enrolments per day (30 days), quiz marks",
        params: StatsParams,
        response: { 200: CourseStatsSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const course = await findCourse(db, ctx.account.id, request.params.id);
      if (course === null || course.id !== request.params.id) throw new AppError(LmsErrors.courseNotFound);
      await requireCourseAuthor(ctx, course);
      return courseStats(db, ctx.account.id, course.id, clock.now());
    },
  );
}
