import type { FastifyInstance } from 'fastify';
import { announceChange, contentStore, type ContentDeps } from '../content-store.js';
import { revisionStore } from '../revision-store.js';
import { EmptyBody, IdParams, Paging, RevisionSchema, Uuid, itemSchema } from '../schemas.js';
import { editorConfig } from './pages.js';

const tags = ['content'];

/** Revision history of a page or post (addressed by item id alone) and restoring one. */
export async function revisionRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  app.get<{ Params: { id: string }; Querystring: { limit: number; offset: number } }>(
    '/api/content/items/:id/revisions',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: "A page's or post's saved versions, newest first",
        params: IdParams,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { ...Paging.limit, maximum: 50, default: 10 }, offset: Paging.offset },
        },
        response: {
          200: {
            type: 'object',
            required: ['revisions', 'total'],
            properties: { revisions: { type: 'array', items: RevisionSchema }, total: { type: 'integer' } },
          },
        },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      await contentStore.identify(db, account.id, request.params.id);
      return revisionStore.list(db, account.id, request.params.id, request.query);
    },
  );

  app.post<{ Params: { id: string; revisionId: string }; Body: Record<string, never> }>(
    '/api/content/items/:id/revisions/:revisionId/restore',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: "Put a revision's title and document back (recorded as a new revision); status and slug stay",
        params: { type: 'object', required: ['id', 'revisionId'], additionalProperties: false, properties: { id: Uuid, revisionId: Uuid } },
        body: EmptyBody,
        response: { 200: itemSchema('any', true) },
      },
    },
    async (request) => {
      const { db, account, userId } = request.ctx;
      const { type, slug } = await contentStore.identify(db, account.id, request.params.id);
      await contentStore.restore(db, account.id, userId, request.params.id, request.params.revisionId);
      announceChange(request.ctx, deps, { type, id: request.params.id, slug });
      return contentStore.find(db, account.id, type, { id: request.params.id });
    },
  );
}
