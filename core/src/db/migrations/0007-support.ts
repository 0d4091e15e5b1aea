import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;
const uuid = sql`gen_random_uuid()`;

/**
 * Support tickets an account opens with the platform (SPEC §3 Ticket, §4 Ticket status) and the
 * platform's updates every account's managers read (SPEC §7 getUpdates). Tickets, their messages
 * and the per-account read marks are tenant tables; the updates themselves are one global list.
 */
export const support: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'tickets', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('number', 'integer', (c) => c.notNull().check(sql`number > 0`))
        .addColumn('subject', 'text', (c) => c.notNull().check(sql`char_length(subject) BETWEEN 1 AND 200`))
        .addColumn('category', 'text', (c) => c.notNull().check(sql`category IN ('siteDown', 'setup', 'issue', 'bug', 'feature')`))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('unresolved')
            .check(sql`status IN ('unresolved', 'awaited', 'resolved')`),
        )
        // The thread outlives its opener's account on the platform.
        .addColumn('opened_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('last_reply_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('tickets_pkey', ['account_id', 'id'])
        .addUniqueConstraint('tickets_account_number_key', ['account_id', 'number']),
    );
    // The support list: newest activity first, optionally one status.
    await sql`CREATE INDEX tickets_activity_idx ON tickets (account_id, last_reply_at DESC, id DESC)`.execute(db);
    await sql`CREATE INDEX tickets_status_activity_idx ON tickets (account_id, status, last_reply_at DESC)`.execute(db);

    await createTenantTable(db, 'ticket_messages', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('ticket_id', 'uuid', (c) => c.notNull())
        .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('from_staff', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('body', 'text', (c) => c.notNull().check(sql`char_length(body) BETWEEN 1 AND 10000`))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('ticket_messages_pkey', ['account_id', 'id'])
        .addForeignKeyConstraint('ticket_messages_ticket_fkey', ['account_id', 'ticket_id'], 'tickets', ['account_id', 'id'], (fk) => fk.onDelete('cascade')),
    );
    await sql`CREATE INDEX ticket_messages_thread_idx ON ticket_messages (account_id, ticket_id, created_at, id)`.execute(db);

    await db.schema
      .createTable('platform_updates')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
      .addColumn('title', 'text', (c) => c.notNull().check(sql`char_length(title) BETWEEN 1 AND 200`))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('severity', 'smallint', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`severity BETWEEN 1 AND 5`),
      )
      .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await sql`CREATE INDEX platform_updates_published_idx ON platform_updates (published_at DESC, id DESC)`.execute(db);

    await createTenantTable(db, 'platform_update_reads', (t) =>
      t
        .addColumn('update_id', 'uuid', (c) => c.notNull().references('platform_updates.id').onDelete('cascade'))
        .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('platform_update_reads_pkey', ['account_id', 'update_id']),
    );
  },
};
