import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { announceChange, type ContentDeps } from '../content-store.js';
import { DELETED, Deleted, IdParams, TermCreateBody, TermDetailSchema, TermQuery, TermUpdateBody } from '../schemas.js';
import { termStore } from '../term-store.js';
import { editorConfig } from './pages.js';

const tags = ['content'];

/** Categories and tags (/api/content/terms), managed by the site's editors. */
export async function termRoutes(server: FastifyInstance, deps: ContentDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/content/terms',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: 'Categories and tags by name, each with how many objects it files',
        querystring: TermQuery,
        response: {
          200: Type.Object({ terms: Type.Array(TermDetailSchema), total: Type.Integer() }),
        },
      },
    },
    async (request) => termStore.list(request.ctx.db, request.ctx.account.id, paged(request.query, 100)),
  );

  app.post(
    '/api/content/terms',
    {
      config: editorConfig,
      schema: {
        tags,
        summary: 'Create a category or tag (the slug comes from the name when left out)',
        body: TermCreateBody,
        response: { 201: TermDetailSchema },
      },
    },
    async (request, reply) => {
      const { db, account } = request.ctx;
      const id = await termStore.create(db, account.id, { ...request.body, name: request.body.name.trim() });
      const term = await termStore.get(db, account.id, id);
      announceChange(request.ctx, deps, { type: term.taxonomy, id, slug: term.slug });
      reply.code(201);
      return term;
    },
  );

  app.put(
    '/api/content/terms/:id',
    {
      config: editorConfig,
      schema: { tags, summary: 'Rename a category or tag, or change its slug', params: IdParams, body: TermUpdateBody, response: { 200: TermDetailSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { name, slug } = request.body;
      const before = await termStore.get(db, account.id, request.params.id);
      const term = await termStore.update(db, account.id, request.params.id, { name: name?.trim(), slug });
      announceChange(request.ctx, deps, { type: term.taxonomy, id: term.id, slug: term.slug });
      if (before.slug !== term.slug) announceChange(request.ctx, deps, { type: term.taxonomy, id: term.id, slug: before.slug });
      return term;
    },
  );

  app.delete(
    '/api/content/terms/:id',
    {
      config: editorConfig,
      schema: { tags, summary: 'Delete a category or tag; what it filed stays, unfiled', params: IdParams, response: { 200: Deleted } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const term = await termStore.remove(db, account.id, request.params.id);
      announceChange(request.ctx, deps, { type: term.taxonomy, id: term.id, slug: term.slug });
      return DELETED;
    },
  );
}
