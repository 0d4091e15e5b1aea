import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import { accountNotificationStore } from '../account-notification-store.js';
import type { NotificationService } from '../notification-service.js';
import { typed } from '../../http/typed-app.js';
import { AccountNotificationSchema, AlertBody, AlertList, AlertListQuery, bodyOptional, EmptyBody, IdParams } from './schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

const tags = ['account'];
const MANAGERS = ['manage_options', 'admin'];

interface AlertDeps {
  notifications: NotificationService;
}

/**
 * Account notifications ("alerts"): the account's managers list them and mark them read;
 * platform super-admins post them to any account from the platform site.
 */
export async function alertRoutes(server: FastifyInstance, deps: AlertDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/notifications',
    {
      config: { capability: MANAGERS },
      schema: {
        tags,
        summary: "List the account's alerts (only unread ones unless unread=false)",
        querystring: AlertListQuery,
        response: { 200: AlertList },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { unread, limit, offset } = request.query;
      const [notifications, count] = await Promise.all([
        accountNotificationStore.list(db, account.id, { unreadOnly: unread ?? true, limit: limit ?? 50, offset: offset ?? 0 }),
        accountNotificationStore.unreadCount(db, account.id),
      ]);
      return { notifications, count };
    },
  );

  app.put(
    '/api/account/notifications/:id/read',
    {
      config: { capability: MANAGERS },
      preValidation: bodyOptional,
      schema: { tags, summary: 'Mark an alert read', params: IdParams, body: EmptyBody, response: { 200: AccountNotificationSchema } },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const row = await accountNotificationStore.markRead(db, account.id, request.params.id);
      if (row === undefined) throw new AppError(Errors.notFound, 'No such alert');
      return row;
    },
  );

  app.post(
    '/api/account/notifications',
    {
      // Only super-admins on the platform site: they hold every capability there, and the check
      // keeps a tenant role that happens to list this capability name out.
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: 'Post an alert to an account (platform super-admins)',
        body: AlertBody,
        response: { 201: AccountNotificationSchema },
      },
    },
    async (request, reply) => {
      const { account_id: accountId, message, severity } = request.body;
      // The alert belongs to another account than the request's: written through logged system access.
      const row = await request.ctx.withSystem('platform admin posts an account alert', async (db) => {
        const target = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
        if (target === undefined) throw new AppError(Errors.notFound, 'No such account');
        return deps.notifications.createAccountNotification(db, { accountId, message, severity });
      });
      reply.code(201);
      return row;
    },
  );
}
