import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import { notificationStore } from '../notification-store.js';
import type { NotificationType } from '../types.js';
import { bodyOptional, EmptyBody, IdParams, NotificationSchema, NotificationTypeSchema, Status } from './schemas.js';

interface ListQuery {
  component?: string;
  type?: NotificationType;
  read?: boolean;
  item_id?: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const tags = ['notifications'];

/** The signed-in member's own notifications: list, badge count, mark read, delete. */
export async function memberNotificationRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ListQuery }>(
    '/api/notifications',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "List the caller's notifications",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            component: { type: 'string', minLength: 1, maxLength: 100 },
            type: NotificationTypeSchema,
            read: { type: 'boolean' },
            item_id: { type: 'string', minLength: 1, maxLength: 200 },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'By time' },
            limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            offset: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['notifications', 'total'],
            properties: {
              notifications: { type: 'array', items: NotificationSchema },
              total: { type: 'integer', description: 'Notifications matching the filters' },
            },
          },
        },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const q = request.query;
      return notificationStore.list(db, account.id, userOf(request.ctx.userId), {
        component: q.component,
        type: q.type,
        read: q.read,
        itemId: q.item_id,
        order: q.order,
        limit: q.limit,
        offset: q.offset,
      });
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: 'Count unread notifications for the bell (chat messages excluded)',
        response: { 200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return { count: await notificationStore.unreadCount(db, account.id, userOf(request.ctx.userId)) };
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/notifications/:id/read',
    {
      config: { capability: 'read' },
      preValidation: bodyOptional,
      schema: { tags, summary: "Mark one of the caller's notifications read", params: IdParams, body: EmptyBody, response: { 200: NotificationSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const row = await notificationStore.markRead(db, account.id, userOf(request.ctx.userId), request.params.id);
      if (row === undefined) throw new AppError(Errors.notFound, 'No such notification');
      return row;
    },
  );

  app.post<{ Body: { type?: NotificationType } }>(
    '/api/notifications/read-all',
    {
      config: { capability: 'read' },
      preValidation: bodyOptional,
      schema: {
        tags,
        summary: "Mark all the caller's notifications read (of one type when given; the chat dropdown sends chat)",
        body: { type: 'object', additionalProperties: false, properties: { type: NotificationTypeSchema } },
        response: { 200: { type: 'object', required: ['updated'], properties: { updated: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return { updated: await notificationStore.markAllRead(db, account.id, userOf(request.ctx.userId), request.body?.type) };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/notifications/:id',
    {
      config: { capability: 'read' },
      schema: { tags, summary: "Delete one of the caller's notifications", params: IdParams, response: { 200: Status } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if (!(await notificationStore.remove(db, account.id, userOf(request.ctx.userId), request.params.id))) {
        throw new AppError(Errors.notFound, 'No such notification');
      }
      return { status: true };
    },
  );
}

/** Routes here need a capability, so a user is signed in; this only narrows the type. */
function userOf(userId: string | null): string {
  if (userId === null) throw new AppError(Errors.notAuthenticated);
  return userId;
}
