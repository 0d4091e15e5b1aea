import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { contentStore, type ContentDeps } from '../content-store.js';
import { PublicPostQuery, itemList } from '../schemas.js';
import { itemRoutes } from './pages.js';

/**
 * Posts: the editors' /api/content/posts (with categories and tags), the visitors' read by slug,
 * and the public blog list: visible posts only, newest published first.
 */
export async function postRoutes(server: FastifyInstance, deps: ContentDeps): Promise<void> {
  await itemRoutes(server, 'post', deps);
  const app = typed(server);

  app.get(
    '/api/content/public/posts',
    {
      config: { public: true },
      schema: {
        tags: ['content'],
        summary: 'Visible posts, newest published first, optionally of one category and/or tag (slugs)',
        querystring: PublicPostQuery,
        response: { 200: itemList('post') },
      },
    },
    async (request) => contentStore.list(request.ctx.db, request.ctx.account.id, 'post', { ...paged(request.query), visibleOnly: true }),
  );
}
