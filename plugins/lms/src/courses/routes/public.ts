import type { PluginApp } from '@lectern/sdk';
import { lmsDb } from '../access.js';
import { courseStore } from '../course-store.js';
import { loadCurriculum } from '../read-model.js';
import { CatalogueQuery, paged, PublicCourseDetail, PublicCourseList, routeSchema, SlugParams } from '../schemas.js';

/** Visitors' catalogue under /api/lms/public/courses: published courses only. */
export async function publicCourseRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/public/courses',
    {
      config: { public: true },
      schema: routeSchema('Published courses, newest first (the catalogue)', { querystring: CatalogueQuery, response: { 200: PublicCourseList } }),
    },
    async (request) => courseStore.list(lmsDb(request.ctx), request.ctx.account.id, { ...paged(request.query), publishedOnly: true }),
  );

  app.get(
    '/public/courses/:slug',
    {
      config: { public: true },
      schema: routeSchema('A published course by slug, with its landing document and curriculum outline', {
        params: SlugParams,
        response: { 200: PublicCourseDetail },
      }),
    },
    async (request) => {
      const db = lmsDb(request.ctx);
      const course = await courseStore.findPublished(db, request.ctx.account.id, request.params.slug);
      // The outline names the items only; their content is the player's, for enrolled students.
      const curriculum = (await loadCurriculum(db, request.ctx.account.id, course.id)).map(({ id, post_type, title }) => ({ id, post_type, title }));
      return { ...course, curriculum };
    },
  );
}
