import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { sanitizeRichText } from '../notifications/sanitize.js';
import { bodyOptional, EmptyBody, IdParams, Status, Uuid } from '../notifications/routes/schemas.js';
import { updateStore } from './update-store.js';
import { PLATFORM_ADMIN } from '../http/platform-admin.js';

/** SPEC §6: `admin` fetches site updates; the account's managers may too. */
const READERS = ['manage_options', 'admin'];
const UNREAD_LIMIT = 50;

const Timestamp = { type: 'string', format: 'date-time' } as const;
const Severity = { type: 'integer', minimum: 1, maximum: 5, description: '1 (info) to 5 (critical)' } as const;

const UpdateSchema = {
  type: 'object',
  required: ['id', 'title', 'body', 'severity', 'published_at', 'created_by'],
  properties: {
    id: Uuid,
    title: { type: 'string' },
    body: { type: 'string', description: 'Sanitised HTML' },
    severity: Severity,
    published_at: Timestamp,
    created_by: { type: ['string', 'null'], format: 'uuid' },
  },
} as const;

/** SPEC §7 getUpdates: each unread update as {id, updates: {…}}. */
const UnreadSchema = {
  type: 'object',
  required: ['id', 'updates'],
  properties: {
    id: Uuid,
    updates: {
      type: 'object',
      required: ['title', 'body', 'severity', 'published_at'],
      properties: { title: { type: 'string' }, body: { type: 'string' }, severity: Severity, published_at: Timestamp },
    },
  },
} as const;

/**
 * Platform updates (SPEC §2 super-admin /dashboard/updates): super-admins publish them once for
 * every account; each account's managers fetch the ones their account has not marked read.
 */
export async function updateRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number; offset: number } }>(
    '/api/platform/updates',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Published updates, newest first',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
        },
        response: {
          200: { type: 'object', required: ['updates', 'total'], properties: { updates: { type: 'array', items: UpdateSchema }, total: { type: 'integer' } } },
        },
      },
    },
    async (request) => updateStore.list(request.ctx.db, request.query),
  );

  app.post<{ Body: { title: string; body: string; severity: number } }>(
    '/api/platform/updates',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Publish an update to every account',
        body: {
          type: 'object',
          required: ['title', 'body'],
          additionalProperties: false,
          properties: {
            title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
            body: { type: 'string', minLength: 1, maxLength: 50_000, description: 'HTML; scripts, styles and event handlers are removed' },
            severity: { ...Severity, default: 1 },
          },
        },
        response: { 201: UpdateSchema },
      },
    },
    async (request, reply) => {
      const body = sanitizeRichText(request.body.body);
      if (body === '') throw new AppError(Errors.validation, 'body is empty once unsafe HTML is removed');
      const { title, severity } = request.body;
      const createdBy = request.ctx.userId;
      const row = await request.ctx.withSystem('updates: publish', (db) => updateStore.publish(db, { title: title.trim(), body, severity, createdBy }));
      reply.code(201);
      return row;
    },
  );

  app.delete<{ Params: { id: string } }>(
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

  app.post<{ Body: { account_id: string } }>(
    '/api/account/getUpdates',
    {
      config: { capability: READERS },
      schema: {
        tags: ['account'],
        summary: `Updates this account has not marked read, newest first (at most ${UNREAD_LIMIT})`,
        body: { type: 'object', required: ['account_id'], additionalProperties: false, properties: { account_id: Uuid } },
        response: {
          200: {
            type: 'object',
            required: ['status', 'notifications'],
            properties: { status: { type: 'boolean' }, notifications: { type: 'array', items: UnreadSchema } },
          },
        },
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

  app.put<{ Params: { id: string } }>(
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
