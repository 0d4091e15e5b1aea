import { AppError, Errors, type PluginApp, type PluginContext } from '@lectern/sdk';
import { courseEditors, courseForEditor, curriculumEditors, lmsDb } from '../access.js';
import { curriculumStore } from '../curriculum-store.js';
import { loadCourseMeta, setCourseMeta } from '../meta-store.js';
import { loadCurriculum } from '../read-model.js';
import { purgeCoursePages } from '../../site/purge.js';
import {
  Deleted,
  routeSchema,
  IdParams,
  ItemCreateBody,
  ItemDetail,
  ItemList,
  ItemParams,
  ItemUpdateBody,
  MetaBody,
  MetaSchema,
  ReorderBody,
} from '../schemas.js';

/**
 * The curriculum builder under /api/lms/courses/:id/…: items (sections, units, quizzes,
 * assignments), their order, and course meta. Needs manage_curriculum (or manage_options) and
 * being one of the course's authors (or manage_options).
 */
export async function curriculumRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/courses/:id/curriculum',
    { config: curriculumEditors, schema: routeSchema("The course's items in order", { params: IdParams, response: { 200: ItemList } }) },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      return { items: await loadCurriculum(lmsDb(request.ctx), request.ctx.account.id, course.id) };
    },
  );

  app.put(
    '/courses/:id/curriculum',
    {
      config: curriculumEditors,
      schema: routeSchema("Reorder the items: the full list of the course's item ids in the new order", {
        params: IdParams,
        body: ReorderBody,
        response: { 200: ItemList },
      }),
    },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id, { lock: true });
      purgeCoursePages(plugin, request.ctx, [course.slug]);
      return { items: await curriculumStore.reorder(lmsDb(request.ctx), request.ctx.account.id, course.id, request.body.items) };
    },
  );

  app.post(
    '/courses/:id/items',
    {
      config: curriculumEditors,
      schema: routeSchema('Add a section, unit, quiz or assignment at the end', { params: IdParams, body: ItemCreateBody, response: { 201: ItemDetail } }),
    },
    async (request, reply) => {
      const course = await courseForEditor(request.ctx, request.params.id, { lock: true });
      const db = lmsDb(request.ctx);
      const id = await curriculumStore.add(db, request.ctx.account.id, course.id, request.body);
      purgeCoursePages(plugin, request.ctx, [course.slug]);
      reply.code(201);
      return curriculumStore.get(db, request.ctx.account.id, course.id, id);
    },
  );

  app.get(
    '/courses/:id/items/:itemId',
    { config: curriculumEditors, schema: routeSchema('One item with its content document', { params: ItemParams, response: { 200: ItemDetail } }) },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      return curriculumStore.get(lmsDb(request.ctx), request.ctx.account.id, course.id, request.params.itemId);
    },
  );

  app.put(
    '/courses/:id/items/:itemId',
    {
      config: curriculumEditors,
      schema: routeSchema('Rename an item, replace its settings or its content', { params: ItemParams, body: ItemUpdateBody, response: { 200: ItemDetail } }),
    },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      const db = lmsDb(request.ctx);
      await curriculumStore.update(db, request.ctx.account.id, course.id, request.params.itemId, request.body);
      purgeCoursePages(plugin, request.ctx, [course.slug]);
      return curriculumStore.get(db, request.ctx.account.id, course.id, request.params.itemId);
    },
  );

  app.delete(
    '/courses/:id/items/:itemId',
    { config: curriculumEditors, schema: routeSchema('Delete an item with its questions and submissions', { params: ItemParams, response: { 200: Deleted } }) },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id, { lock: true });
      await curriculumStore.remove(lmsDb(request.ctx), request.ctx.account.id, course.id, request.params.itemId);
      purgeCoursePages(plugin, request.ctx, [course.slug]);
      return { status: true as const };
    },
  );

  app.get(
    '/courses/:id/meta',
    {
      config: { capability: [...courseEditors.capability, 'manage_curriculum'] },
      schema: routeSchema('Course meta: curriculum and courseDuration', { params: IdParams, response: { 200: MetaSchema } }),
    },
    async (request) => {
      const course = await courseForEditor(request.ctx, request.params.id);
      return loadCourseMeta(lmsDb(request.ctx), request.ctx.account.id, course.id);
    },
  );

  app.put(
    '/courses/:id/meta',
    {
      config: { capability: [...courseEditors.capability, 'manage_curriculum'] },
      schema: routeSchema('Change courseDuration, or reorder through curriculum (same rules as PUT …/curriculum)', {
        params: IdParams,
        body: MetaBody,
        response: { 200: MetaSchema },
      }),
    },
    async (request) => {
      const { ctx, body } = request;
      const course = await courseForEditor(ctx, request.params.id, { lock: true });
      const db = lmsDb(ctx);
      purgeCoursePages(plugin, ctx, [course.slug]);
      if (body.curriculum !== undefined) {
        if (!(await ctx.can('manage_curriculum')) && !(await ctx.can('manage_options')))
          throw new AppError(Errors.forbidden, 'Reordering the curriculum needs manage_curriculum');
        await curriculumStore.reorder(db, ctx.account.id, course.id, body.curriculum);
      }
      if (body.courseDuration !== undefined) await setCourseMeta(db, ctx.account.id, course.id, 'courseDuration', body.courseDuration);
      return loadCourseMeta(db, ctx.account.id, course.id);
    },
  );
}
