import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { recordUsage } from '../usage/meters.js';
import type { NewNotification, Notification, NotificationFilters, NotificationType } from './types.js';

const COLUMNS = ['id', 'user_id', 'component', 'type', 'title', 'message', 'data', 'item_id', 'read', 'created_at'] as const;

/**
 * Queries on member notifications. Every call goes through the caller's transaction, so row-level
 * security keeps it to that account; the member routes add `user_id` so members see only their own.
 */
export const notificationStore = {
  async insert(db: AnyDb, accountId: string, input: NewNotification): Promise<Notification> {
    // SPEC §9's notifications meter, counted with the notification (in its transaction).
    await recordUsage(db, accountId, 'notifications');
    return (await db
      .insertInto('notifications')
      .values({
        account_id: accountId,
        user_id: input.userId,
        component: input.component,
        type: input.type ?? 'other',
        title: input.title,
        message: input.message ?? '',
        data: JSON.stringify(input.data ?? {}),
        item_id: input.itemId ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as Notification;
  },

  async list(db: AnyDb, accountId: string, userId: string, filters: NotificationFilters): Promise<{ notifications: Notification[]; total: number }> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let query = db.selectFrom('notifications').where('account_id', '=', accountId).where('user_id', '=', userId) as any;
    if (filters.component !== undefined) query = query.where('component', '=', filters.component);
    if (filters.type !== undefined) query = query.where('type', '=', filters.type);
    if (filters.read !== undefined) query = query.where('read', '=', filters.read);
    if (filters.itemId !== undefined) query = query.where('item_id', '=', filters.itemId);
    const direction = filters.order === 'asc' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      query.select(COLUMNS).orderBy('created_at', direction).orderBy('id', direction).limit(filters.limit).offset(filters.offset).execute(),
      query.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    ]);
    return { notifications: rows as Notification[], total: (count as { total: number }).total };
  },

  async markRead(db: AnyDb, accountId: string, userId: string, id: string): Promise<Notification | undefined> {
    return (await db
      .updateTable('notifications')
      .set({ read: true })
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()) as Notification | undefined;
  },

  async markAllRead(db: AnyDb, accountId: string, userId: string, type?: NotificationType): Promise<number> {
    let query = db.updateTable('notifications').set({ read: true }).where('account_id', '=', accountId).where('user_id', '=', userId).where('read', '=', false);
    if (type !== undefined) query = query.where('type', '=', type);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** The bell's badge: unread notifications that are not chat messages. */
  async unreadCount(db: AnyDb, accountId: string, userId: string): Promise<number> {
    const row = await db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('read', '=', false)
      .where('type', '<>', 'chat')
      .executeTakeFirstOrThrow();
    return row.count as number;
  },

  async remove(db: AnyDb, accountId: string, userId: string, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('notifications')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};
