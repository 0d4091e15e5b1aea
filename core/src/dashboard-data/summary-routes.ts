import type { Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import { limitsOf, measureUsage, toMb } from './billing-routes.js';
import { addDays, dailyCounts, today } from './report-registry.js';
import { type Card as CardSchema, SummaryResponse } from './schemas.js';

type Card = Static<typeof CardSchema>;

const SERIES_DAYS = 30;

/** A member's own figures, in one query over their notifications. */
async function ownCards(db: AnyDb, accountId: string, userId: string): Promise<Card[]> {
  const { rows } = await sql<{ unread: number; chats: number; recent: number }>`
    SELECT (count(*) FILTER (WHERE NOT read AND type <> 'chat'))::int AS unread,
           (count(*) FILTER (WHERE NOT read AND type = 'chat'))::int AS chats,
           (count(*) FILTER (WHERE created_at >= now() - interval '30 days'))::int AS recent
      FROM notifications
     WHERE account_id = ${accountId} AND user_id = ${userId}`.execute(db);
  const row = rows[0] ?? { unread: 0, chats: 0, recent: 0 };
  return [
    { key: 'unread_notifications', value: Number(row.unread) },
    { key: 'unread_chats', value: Number(row.chats) },
    { key: 'notifications_30d', value: Number(row.recent) },
  ];
}

/**
 * The dashboard home: every member gets cards; managers see the account's figures and a members
 * chart, everyone else their own notifications.
 */
export async function summaryRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/summary',
    {
      config: { capability: 'read' },
      schema: { tags: ['account'], summary: 'Cards and charts for the dashboard home', response: { 200: SummaryResponse } },
    },
    async (request) => {
      const ctx = request.ctx;
      const { db, account } = ctx;
      if (!(await ctx.can('manage_options'))) {
        if (ctx.userId === null) throw new AppError(Errors.notAuthenticated);
        return { cards: await ownCards(db, account.id, ctx.userId), series: {} };
      }
      const usage = await measureUsage(db, account.id);
      const limits = limitsOf(account.plan);
      const to = today();
      const daily = await dailyCounts(db, 'members', account.id, { from: addDays(to, -(SERIES_DAYS - 1)), to });
      const cards: Card[] = [
        { key: 'members', value: usage.members, delta_30d: usage.membersLast30Days },
        { key: 'emails_month', value: usage.emails, limit: limits.monthlyEmails },
        { key: 'storage_mb', value: toMb(usage.storageBytes), limit: limits.storage.storage },
        { key: 'unread_alerts', value: usage.unreadAlerts },
      ];
      return { cards, series: { members_daily: daily.map((p) => ({ date: p.x, value: p.y })) } };
    },
  );
}
