import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { announceChange, contentStore, type ContentDeps } from '../content-store.js';
import { revisionStore } from '../revision-store.js';
import { EmptyBody, IdParams, Paging, RevisionSchema, Uuid, itemSchema } from '../schemas.js';
import { editorConfig } from './pages.js';

const tags = ['content'];

/** Revision history of a page or post (addressed by item id alone) and restoring one. */
export async function revisionRoutes(server: FastifyInstance, deps: ContentDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/content/items/:id/revisions',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: "A page's or post's saved versions, newest first",
        params: IdParams,
        querystring: Type.Object(
          { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })), offset: Type.Optional(Type.Unsafe<number>(Paging.offset)) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ revisions: Type.Array(RevisionSchema), total: Type.Integer() }) },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      await contentStore.identify(db, account.id, request.params.id);
      return revisionStore.list(db, account.id, request.params.id, paged(request.query, 10));
    },
  );

  app.post(
    '/api/content/items/:id/revisions/:revisionId/restore',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: "Put a revision's title and document back (recorded as a new revision); status and slug stay",
        params: Type.Object({ id: Uuid, revisionId: Uuid }, { additionalProperties: false }),
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
