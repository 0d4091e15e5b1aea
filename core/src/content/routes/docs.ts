import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { Type } from '@sinclair/typebox';
import { PagingFields, paged } from '../../schema/kit.js';
import { contentStore, type ContentDeps } from '../content-store.js';
import { itemList } from '../schemas.js';
import { itemRoutes } from './pages.js';

/** The visitors' list pages through visible docs; editors filter theirs under /api/content/docs. */
const PublicDocQuery = Type.Object(PagingFields, { additionalProperties: false });

/**
 * Docs (issue 18, item 7): articles of a site's documentation, edited like pages under
 * /api/content/docs and shown at /docs/{slug}; the visitors' list of visible docs for a docs index.
 */
export async function docRoutes(server: FastifyInstance, deps: ContentDeps): Promise<void> {
  await itemRoutes(server, 'doc', deps);
  const app = typed(server);

  app.get(
    '/api/content/public/docs',
    {
      config: { public: true },
      schema: {
        tags: ['content'],
        summary: 'Visible docs, newest published first',
        querystring: PublicDocQuery,
        response: { 200: itemList('doc') },
      },
    },
    async (request) => contentStore.list(request.ctx.db, request.ctx.account.id, 'doc', { ...paged(request.query), visibleOnly: true }),
  );
}
