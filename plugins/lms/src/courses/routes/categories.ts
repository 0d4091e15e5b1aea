import type { PluginApp, PluginContext } from '@lectern/sdk';
import { courseEditors, lmsDb } from '../access.js';
import { categoryStore } from '../category-store.js';
import { purgeAllPages } from '../../site/purge.js';
import {
  CATEGORY_PAGE,
  CategoryCreateBody,
  CategoryList,
  CategoryQuery,
  CategorySchema,
  CategoryUpdateBody,
  Deleted,
  routeSchema,
  IdParams,
  paged,
} from '../schemas.js';

/** Renaming or deleting a category touches every author's courses, so it is the site managers'. */
const managers = { capability: 'manage_options' };

/** Course categories under /api/lms/categories. */
export async function categoryRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/categories',
    {
      config: { public: true },
      schema: routeSchema('Course categories by name, with their published course counts', { querystring: CategoryQuery, response: { 200: CategoryList } }),
    },
    async (request) => categoryStore.list(lmsDb(request.ctx), request.ctx.account.id, paged(request.query, CATEGORY_PAGE)),
  );

  app.post(
    '/categories',
    { config: courseEditors, schema: routeSchema('Create a course category', { body: CategoryCreateBody, response: { 201: CategorySchema } }) },
    async (request, reply) => {
      const category = await categoryStore.create(lmsDb(request.ctx), request.ctx.account.id, request.body);
      reply.code(201);
      return category;
    },
  );

  app.put(
    '/categories/:id',
    {
      config: managers,
      schema: routeSchema('Rename a course category or change its slug', { params: IdParams, body: CategoryUpdateBody, response: { 200: CategorySchema } }),
    },
    async (request) => {
      const category = await categoryStore.update(lmsDb(request.ctx), request.ctx.account.id, request.params.id, request.body);
      purgeAllPages(plugin, request.ctx);
      return category;
    },
  );

  app.delete(
    '/categories/:id',
    { config: managers, schema: routeSchema('Delete a course category (its courses stay)', { params: IdParams, response: { 200: Deleted } }) },
    async (request) => {
      await categoryStore.remove(lmsDb(request.ctx), request.ctx.account.id, request.params.id);
      purgeAllPages(plugin, request.ctx);
      return { status: true as const };
    },
  );
}
