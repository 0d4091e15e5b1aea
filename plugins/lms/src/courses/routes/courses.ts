import { AppError, Errors, type PluginApp, type PluginContext } from '@lectern/sdk';
import { requestScope } from '../../events/index.js';
import { LmsTokens } from '../../tokens.js';
import type { CourseRow } from '../read-model.js';
import { courseEditors, courseForEditor, lmsDb } from '../access.js';
import { courseStore } from '../course-store.js';
import { purgeAllPages } from '../../site/purge.js';
import {
  CourseCreateBody,
  CourseDetail,
  CourseList,
  CourseUpdateBody,
  Deleted,
  EmptyBody,
  IdParams,
  ManagerListQuery,
  paged,
  routeSchema,
} from '../schemas.js';

const full = CourseDetail;

/** Managers' course routes under /api/lms/courses: create, read, change, publish, delete, list. */
export async function managerCourseRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  // A course joining the catalogue is news for automations (new_course_published).
  const onPublished = (request: Parameters<typeof requestScope>[1], course: CourseRow) =>
    ctx.resolve(LmsTokens.events).coursePublished(requestScope(ctx, request), course);

  app.get(
    '/courses',
    {
      config: courseEditors,
      schema: routeSchema('Courses in any status, latest change first', { querystring: ManagerListQuery, response: { 200: CourseList } }),
    },
    async (request) => courseStore.list(lmsDb(request.ctx), request.ctx.account.id, paged(request.query)),
  );

  app.post(
    '/courses',
    {
      config: courseEditors,
      schema: routeSchema('Create a course (a draft); the creator becomes its author', { body: CourseCreateBody, response: { 201: full } }),
    },
    async (request, reply) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      // A capability route always has a signed-in member; the check keeps the types honest.
      if (userId === null) throw new AppError(Errors.notAuthenticated);
      const id = await courseStore.create(db, account, userId, request.body);
      reply.code(201);
      return courseStore.get(db, account.id, id);
    },
  );

  app.get(
    '/courses/:id',
    { config: courseEditors, schema: routeSchema('A course in any status, with its document', { params: IdParams, response: { 200: full } }) },
    async (request) => courseStore.get(lmsDb(request.ctx), request.ctx.account.id, request.params.id),
  );

  app.put(
    '/courses/:id',
    {
      config: courseEditors,
      schema: routeSchema('Change the given fields of a course (its authors and site managers only)', {
        params: IdParams,
        body: CourseUpdateBody,
        response: { 200: full },
      }),
    },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      const db = lmsDb(request.ctx);
      await courseStore.update(db, request.ctx.account.id, course, request.body);
      purgeAllPages(ctx, request.ctx);
      return courseStore.get(db, request.ctx.account.id, course.id);
    },
  );

  for (const [action, status] of [
    ['publish', 'published'],
    ['unpublish', 'draft'],
  ] as const) {
    app.post(
      `/courses/:id/${action}`,
      {
        config: courseEditors,
        schema: routeSchema(action === 'publish' ? 'Publish a course: it joins the catalogue' : 'Take a course back to draft', {
          params: IdParams,
          body: EmptyBody,
          response: { 200: full },
        }),
      },
      async (request) => {
        const course = await courseForEditor(request.ctx, request.params.id);
        const db = lmsDb(request.ctx);
        await courseStore.setStatus(db, request.ctx.account.id, course.id, status);
        purgeAllPages(ctx, request.ctx);
        // Announced once: taking a course back to draft and publishing it again is not a new course.
        if (status === 'published' && course.published_at === null) await onPublished(request, course);
        return courseStore.get(db, request.ctx.account.id, course.id);
      },
    );
  }

  app.delete(
    '/courses/:id',
    {
      config: courseEditors,
      schema: routeSchema('Delete a course with its curriculum, enrolments and submissions', { params: IdParams, response: { 200: Deleted } }),
    },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      await courseStore.remove(lmsDb(request.ctx), request.ctx.account.id, course.id);
      purgeAllPages(ctx, request.ctx);
      return { status: true as const };
    },
  );
}
