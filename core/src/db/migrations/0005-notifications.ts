import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;
const uuid = sql`gen_random_uuid()`;

/**
 * Member notifications (SPEC §3 Notification: the bell and the chat dropdown) and account
 * notifications ("alerts" the platform posts to an account; HTML, severity 1 to 5). Both are
 * tenant tables; every key and index leads with account_id.
 */
export const notifications: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'notifications', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('component', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) =>
          c
            .notNull()
            .defaultTo('other')
            .check(sql`type IN ('chat', 'other')`),
        )
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('item_id', 'text')
        .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('notifications_pkey', ['account_id', 'id']),
    );
    // The bell (unread, newest first) and the full list (newest first, any state).
    await sql`CREATE INDEX notifications_user_read_idx ON notifications (account_id, user_id, read, created_at DESC)`.execute(db);
    await sql`CREATE INDEX notifications_user_time_idx ON notifications (account_id, user_id, created_at DESC)`.execute(db);

    await createTenantTable(db, 'account_notifications', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('severity', 'smallint', (c) =>
          c
            .notNull()
            .defaultTo(1)
            .check(sql`severity BETWEEN 1 AND 5`),
        )
        .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('account_notifications_pkey', ['account_id', 'id']),
    );
    await sql`CREATE INDEX account_notifications_read_idx ON account_notifications (account_id, read, created_at DESC)`.execute(db);
  },
};
