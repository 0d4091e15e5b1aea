import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

/**
 * The automation engine (core/src/automation): an account's automations, the events plugins
 * record in the transaction that caused them, and one run per (automation, event) with a step per
 * condition and action (what it decided or did, its attempts and last error). The unique run key
 * is what makes a redelivered event run once; a step's state is what makes a retried or resumed
 * run skip what is already done.
 */
export const automation: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'automations', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) BETWEEN 1 AND 200`))
        .addColumn('trigger_type', 'text', (c) => c.notNull())
        .addColumn('conditions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('actions', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('automations_pkey', ['account_id', 'id']),
    );
    // Dispatch looks up the enabled automations of one trigger.
    await sql`CREATE INDEX automations_trigger_idx ON automations (account_id, trigger_type) WHERE enabled`.execute(db);

    await createTenantTable(db, 'automation_events', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('trigger_type', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid')
        .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        // clock_timestamp: two events of one transaction keep their order.
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
        .addColumn('dispatched_at', 'timestamptz')
        .addPrimaryKeyConstraint('automation_events_pkey', ['account_id', 'id']),
    );
    await sql`CREATE INDEX automation_events_created_idx ON automation_events (account_id, created_at)`.execute(db);
    // The sweep finds events whose dispatch job was never queued (a crash between commit and enqueue).
    await sql`CREATE INDEX automation_events_undispatched_idx ON automation_events (account_id, created_at) WHERE dispatched_at IS NULL`.execute(db);

    await createTenantTable(db, 'automation_runs', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('automation_id', 'uuid', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('running')
            .check(sql`status IN ('running', 'waiting', 'completed', 'failed', 'skipped')`),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('automation_runs_pkey', ['account_id', 'id'])
        // One run per automation and event: a redelivered event inserts nothing.
        .addUniqueConstraint('automation_runs_event_key', ['account_id', 'automation_id', 'event_id'])
        .addForeignKeyConstraint('automation_runs_automation_fk', ['account_id', 'automation_id'], 'automations', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        )
        .addForeignKeyConstraint('automation_runs_event_fk', ['account_id', 'event_id'], 'automation_events', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        ),
    );
    await sql`CREATE INDEX automation_runs_created_idx ON automation_runs (account_id, automation_id, created_at)`.execute(db);
    await sql`CREATE INDEX automation_runs_event_idx ON automation_runs (account_id, event_id)`.execute(db);

    // The trace: one row per condition (kind 'condition', its result) and per action (its outcome).
    await createTenantTable(db, 'automation_run_steps', (t) =>
      t
        .addColumn('run_id', 'uuid', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().check(sql`position >= 0`))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('condition', 'action')`))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('args', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('passed', 'failed', 'pending', 'scheduled', 'done', 'skipped', 'error')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('output', 'jsonb')
        .addColumn('error', 'text')
        .addColumn('due_at', 'timestamptz')
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('automation_run_steps_pkey', ['account_id', 'run_id', 'kind', 'position'])
        .addForeignKeyConstraint('automation_run_steps_run_fk', ['account_id', 'run_id'], 'automation_runs', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        ),
    );
  },
};
