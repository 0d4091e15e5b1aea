import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;

/**
 * The mail outbox (every message the platform sends, per account), mail batches (progress of
 * batch sends) and the monthly mail meter. Jobs themselves live in pg-boss's own schema `pgboss`,
 * which pg-boss creates and upgrades at start.
 */
export const jobsMail: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'mail_batches', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('type', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('created_by', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('mail_batches_pkey', ['account_id', 'id']),
    );

    await createTenantTable(db, 'mail_outbox', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('batch_id', 'uuid')
        .addColumn('to', 'text', (c) => c.notNull())
        .addColumn('from', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('html', 'text')
        .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('queued')
            .check(sql`status IN ('queued', 'sent', 'failed', 'kept')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('sent_at', 'timestamptz')
        .addPrimaryKeyConstraint('mail_outbox_pkey', ['account_id', 'id'])
        .addForeignKeyConstraint('mail_outbox_batch_fkey', ['account_id', 'batch_id'], 'mail_batches', ['account_id', 'id'], (c) => c.onDelete('cascade')),
    );
    await sql`CREATE INDEX mail_outbox_account_created_idx ON mail_outbox (account_id, created_at DESC)`.execute(db);
    await sql`CREATE INDEX mail_outbox_account_status_idx ON mail_outbox (account_id, status, created_at DESC)`.execute(db);
    await sql`CREATE INDEX mail_outbox_account_batch_idx ON mail_outbox (account_id, batch_id, status) WHERE batch_id IS NOT NULL`.execute(db);

    // Usage meter "emails" (SPEC §9), counted when a message is queued, per calendar month (UTC).
    await createTenantTable(db, 'mail_usage', (t) =>
      t
        .addColumn('month', 'text', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('mail_usage_pkey', ['account_id', 'month']),
    );
  },
};
