import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import { notificationStore } from '../notification-store.js';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import {
  bodyOptional,
  EmptyBody,
  IdParams,
  NotificationList,
  NotificationListQuery,
  NotificationSchema,
  ReadAllBody,
  ReadAllResult,
  Status,
  UnreadCount,
} from './schemas.js';

const tags = ['notifications'];

/** The signed-in member's own notifications: list, badge count, mark read, delete. */
export async function memberNotificationRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/notifications',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "List the caller's notifications",
        querystring: NotificationListQuery,
        response: { 200: NotificationList },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const q = paged(request.query);
      return notificationStore.list(db, account.id, userOf(request.ctx.userId), {
        component: q.component,
        type: q.type,
        read: q.read,
        itemId: q.item_id,
        order: q.order ?? 'desc',
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
        response: { 200: UnreadCount },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return { count: await notificationStore.unreadCount(db, account.id, userOf(request.ctx.userId)) };
    },
  );

  app.put(
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

  app.post(
    '/api/notifications/read-all',
    {
      config: { capability: 'read' },
      preValidation: bodyOptional,
      schema: {
        tags,
        summary: "Mark all the caller's notifications read (of one type when given; the chat dropdown sends chat)",
        body: ReadAllBody,
        response: { 200: ReadAllResult },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return { updated: await notificationStore.markAllRead(db, account.id, userOf(request.ctx.userId), request.body?.type) };
    },
  );

  app.delete(
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
