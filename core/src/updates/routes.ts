import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { sanitizeRichText } from '../notifications/sanitize.js';
import { bodyOptional } from '../notifications/routes/schemas.js';
import { paged } from '../schema/kit.js';
import { updateStore } from './update-store.js';
import { PLATFORM_ADMIN } from '../http/platform-admin.js';
import { EmptyBody, IdParams, PublishBody, Status, UnreadBody, UnreadListSchema, UpdateListQuery, UpdateListSchema, UpdateSchema } from './schemas.js';

/** SPEC §6: `admin` fetches site updates; the account's managers may too. */
const READERS = ['manage_options', 'admin'];
const UNREAD_LIMIT = 50;

/**
 * Platform updates (SPEC §2 super-admin /dashboard/updates): super-admins publish them once for
 * every account; each account's managers fetch the ones their account has not marked read.
 */
export async function updateRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/updates',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Published updates, newest first',
        querystring: UpdateListQuery,
        response: { 200: UpdateListSchema },
      },
    },
    async (request) => updateStore.list(request.ctx.db, paged(request.query)),
  );

  app.post(
    '/api/platform/updates',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Publish an update to every account',
        body: PublishBody,
        response: { 201: UpdateSchema },
      },
    },
    async (request, reply) => {
      const body = sanitizeRichText(request.body.body);
      if (body === '') throw new AppError(Errors.validation, 'body is empty once unsafe HTML is removed');
      // Ajv has filled in the default severity; the fallback restates it for the type.
      const { title, severity = 1 } = request.body;
      const createdBy = request.ctx.userId;
      const row = await request.ctx.withSystem('updates: publish', (db) => updateStore.publish(db, { title: title.trim(), body, severity, createdBy }));
      reply.code(201);
      return row;
    },
  );

  app.delete(
    '/api/platform/updates/:id',
    {
      config: PLATFORM_ADMIN,
      schema: { tags: ['platform'], summary: 'Withdraw an update', params: IdParams, response: { 200: Status } },
    },
    async (request) => {
      const removed = await request.ctx.withSystem('updates: withdraw', (db) => updateStore.remove(db, request.params.id));
      if (!removed) throw new AppError(Errors.notFound, 'No such update');
      return { status: true };
    },
  );

  app.post(
    '/api/account/getUpdates',
    {
      config: { capability: READERS },
      schema: {
        tags: ['account'],
        summary: `Updates this account has not marked read, newest first (at most ${UNREAD_LIMIT})`,
        body: UnreadBody,
        response: { 200: UnreadListSchema },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if (request.body.account_id !== account.id) throw new AppError(Errors.forbidden, 'account_id is not the account of this site');
      const rows = await updateStore.unread(db, account.id, UNREAD_LIMIT);
      return {
        status: true,
        notifications: rows.map((u) => ({ id: u.id, updates: { title: u.title, body: u.body, severity: u.severity, published_at: u.published_at } })),
      };
    },
  );

  app.put(
    '/api/account/updates/:id/read',
    {
      config: { capability: READERS },
      preValidation: bodyOptional,
      schema: { tags: ['account'], summary: 'Mark an update read for the whole account', params: IdParams, body: EmptyBody, response: { 200: Status } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if (!(await updateStore.markRead(db, account.id, request.params.id))) throw new AppError(Errors.notFound, 'No such update');
      return { status: true };
    },
  );
}
