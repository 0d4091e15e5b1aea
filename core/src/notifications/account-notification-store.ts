import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import type { AccountNotification } from './types.js';

const COLUMNS = ['id', 'message', 'severity', 'read', 'created_at'] as const;

/** Queries on account notifications (alerts), through the caller's transaction. */
export const accountNotificationStore = {
  /** `message` must already be sanitised. */
  async insert(db: AnyDb, accountId: string, message: string, severity: number): Promise<AccountNotification> {
    return (await db
      .insertInto('account_notifications')
      .values({ account_id: accountId, message, severity })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as AccountNotification;
  },

  async list(db: AnyDb, accountId: string, options: { unreadOnly: boolean; limit: number; offset: number }): Promise<AccountNotification[]> {
    let query = db.selectFrom('account_notifications').select(COLUMNS).where('account_id', '=', accountId);
    if (options.unreadOnly) query = query.where('read', '=', false);
    return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute()) as AccountNotification[];
  },

  /** The alerts bell's badge. */
  async unreadCount(db: AnyDb, accountId: string): Promise<number> {
    const row = await db
      .selectFrom('account_notifications')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('account_id', '=', accountId)
      .where('read', '=', false)
      .executeTakeFirstOrThrow();
    return row.count as number;
  },

  async markRead(db: AnyDb, accountId: string, id: string): Promise<AccountNotification | undefined> {
    return (await db
      .updateTable('account_notifications')
      .set({ read: true })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()) as AccountNotification | undefined;
  },
};
