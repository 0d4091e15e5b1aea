import type { FastifyInstance } from 'fastify';
import { contentStore, type ContentDeps } from '../content-store.js';
import { itemList, listQuery } from '../schemas.js';
import { itemRoutes } from './pages.js';

/**
 * Posts: the editors' /api/content/posts (with categories and tags), the visitors' read by slug,
 * and the public blog list: visible posts only, newest published first.
 */
export async function postRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  await itemRoutes(app, 'post', deps);

  app.get<{ Querystring: { category?: string; tag?: string; limit: number; offset: number } }>(
    '/api/content/public/posts',
    {
      config: { public: true },
      schema: {
        tags: ['content'],
        summary: 'Visible posts, newest published first, optionally of one category and/or tag (slugs)',
        querystring: listQuery('post', false),
        response: { 200: itemList('post') },
      },
    },
    async (request) => contentStore.list(request.ctx.db, request.ctx.account.id, 'post', { ...request.query, visibleOnly: true }),
  );
}
