import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { announceChange, announcePublish, contentStore, type ContentDeps, type ContentType, type ItemInput } from '../content-store.js';
import { DELETED, Deleted, EmptyBody, IdParams, PublishBody, SlugParams, createBody, updateBody, itemList, itemSchema, listQuery } from '../schemas.js';
import { AppError, Errors } from '../../errors/errors.js';
import { CONTENT_ACCESS_FILTER } from '../content-access.js';

/** Editors: owners (manage_options) and anyone whose role may write (edit_posts). */
export const editorConfig = { capability: ['manage_options', 'edit_posts'] };

const trimmed = <I extends ItemInput>(input: I): I => ({ ...input, ...(input.title === undefined ? {} : { title: input.title.trim() }) });

/**
 * The editors' routes of one content type under /api/content/{pages|posts}, plus the visitors'
 * read of one visible item by slug under /api/content/public/{pages|posts}/:slug.
 */
export async function itemRoutes(server: FastifyInstance, type: ContentType, deps: ContentDeps): Promise<void> {
  const app = typed(server);
  const base = `/api/content/${type}s`;
  const tags = ['content'];
  const item = itemSchema(type, true);

  app.get(
    base,
    {
      config: editorConfig,
      schema: { tags, summary: `Every ${type} in any status, latest edit first`, querystring: listQuery(type), response: { 200: itemList(type) } },
    },
    async (request) => contentStore.list(request.ctx.db, request.ctx.account.id, type, paged(request.query)),
  );

  app.post(
    base,
    {
      config: editorConfig,
      schema: { tags, summary: `Create a ${type} (a draft)`, body: createBody(type), response: { 201: item } },
    },
    async (request, reply) => {
      const { db, account, userId } = request.ctx;
      const id = await contentStore.create(db, account.id, userId, type, trimmed(request.body));
      const created = await contentStore.find(db, account.id, type, { id });
      announceChange(request.ctx, deps, { type, id, slug: created.slug });
      reply.code(201);
      return created;
    },
  );

  app.get(
    `${base}/:id`,
    { config: editorConfig, schema: { tags, summary: `A ${type} in any status, with its document`, params: IdParams, response: { 200: item } } },
    async (request) => contentStore.find(request.ctx.db, request.ctx.account.id, type, { id: request.params.id }),
  );

  app.put(
    `${base}/:id`,
    {
      config: editorConfig,
      schema: {
        tags,
        summary: `Change the given fields of a ${type}; a new title or document is kept as a revision`,
        params: IdParams,
        body: updateBody(type),
        response: { 200: item },
      },
    },
    async (request) => {
      const { db, account, userId } = request.ctx;
      const before = await contentStore.update(db, account.id, userId, type, request.params.id, trimmed(request.body));
      const updated = await contentStore.find(db, account.id, type, { id: request.params.id });
      announceChange(request.ctx, deps, { type, id: updated.id, slug: updated.slug });
      // A renamed item leaves a stale cached page under its old address too.
      if (before.slug !== updated.slug) announceChange(request.ctx, deps, { type, id: updated.id, slug: before.slug });
      return updated;
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: editorConfig,
      schema: { tags, summary: `Delete a ${type} with its revisions and terms`, params: IdParams, response: { 200: Deleted } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { slug } = await contentStore.remove(db, account.id, type, request.params.id);
      announceChange(request.ctx, deps, { type, id: request.params.id, slug });
      return DELETED;
    },
  );

  app.post(
    `${base}/:id/publish`,
    {
      config: editorConfig,
      schema: { tags, summary: `Publish a ${type} now, or schedule it for a future publish_at`, params: IdParams, body: PublishBody, response: { 200: item } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const publishAt = request.body.publish_at === undefined ? undefined : new Date(request.body.publish_at);
      const status = await contentStore.publish(db, account.id, type, request.params.id, publishAt);
      const published = await contentStore.find(db, account.id, type, { id: request.params.id });
      announceChange(request.ctx, deps, { type, id: published.id, slug: published.slug });
      announcePublish(request.ctx, deps, { type, id: published.id, slug: published.slug, publishAt: status === 'scheduled' ? (publishAt as Date) : null });
      return published;
    },
  );

  app.post(
    `${base}/:id/unpublish`,
    { config: editorConfig, schema: { tags, summary: `Take a ${type} back to draft`, params: IdParams, body: EmptyBody, response: { 200: item } } },
    async (request) => {
      const { db, account } = request.ctx;
      await contentStore.unpublish(db, account.id, type, request.params.id);
      const draft = await contentStore.find(db, account.id, type, { id: request.params.id });
      announceChange(request.ctx, deps, { type, id: draft.id, slug: draft.slug });
      return draft;
    },
  );

  app.get(
    `/api/content/public/${type}s/:slug`,
    {
      config: { public: true },
      schema: { tags, summary: `A visible ${type} by its slug (drafts and future schedules are not found)`, params: SlugParams, response: { 200: item } },
    },
    async (request) => {
      const { ctx } = request;
      const found = await contentStore.find(ctx.db, ctx.account.id, type, { slug: request.params.slug }, true);
      // A plugin may keep the body from this reader (members-only pages): the same answer as its site page.
      const query = {
        db: ctx.db,
        accountId: ctx.account.id,
        userId: ctx.userId,
        canManage: ctx.userId !== null && (await ctx.can('manage_options')),
        item: { id: found.id, type, slug: found.slug },
        allowed: true,
      };
      const { allowed } = await deps.hooks.applyFilters(CONTENT_ACCESS_FILTER, query, ctx.hookScope);
      if (!allowed) throw new AppError(Errors.membersOnly);
      return found;
    },
  );
}

/** Pages: /api/content/pages and the visitors' /api/content/public/pages/:slug. */
export async function pageRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  await itemRoutes(app, 'page', deps);
}
