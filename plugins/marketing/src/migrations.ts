import { createTenantTable, sql, type ColumnDefinitionBuilder, type MigrationMap } from '@lectern/sdk';

const uuid = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(sql`gen_random_uuid()`);
const now = sql`now()`;

/**
 * The marketing schema (db/tables.ts says what each column means). Every table is a tenant table
 * and every key and index leads with account_id. Never edit a released migration: add the next one.
 */
export const migrations: MigrationMap = {
  '0001-lists-and-contacts': {
    async up(db) {
      await createTenantTable(db, 'marketing_lists', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('double_opt_in', 'boolean', (c) => c.notNull().defaultTo(false))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_lists_pkey', ['account_id', 'id']),
      );
      await sql`CREATE UNIQUE INDEX marketing_lists_name_key ON marketing_lists (account_id, lower(name))`.execute(db);

      await createTenantTable(db, 'marketing_contacts', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('status', 'smallint', (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`status IN (0, 1, 2, 3)`),
          )
          .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
          .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_contacts_pkey', ['account_id', 'id']),
      );
      await sql`CREATE UNIQUE INDEX marketing_contacts_email_key ON marketing_contacts (account_id, lower(email))`.execute(db);
      await sql`CREATE INDEX marketing_contacts_listed_idx ON marketing_contacts (account_id, created_at DESC, id)`.execute(db);

      await createTenantTable(db, 'marketing_list_links', (t) =>
        t
          .addColumn('list_id', 'uuid', (c) => c.notNull())
          .addColumn('contact_id', 'uuid', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_list_links_pkey', ['account_id', 'list_id', 'contact_id'])
          .addForeignKeyConstraint('marketing_list_links_list_fk', ['account_id', 'list_id'], 'marketing_lists', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          )
          .addForeignKeyConstraint('marketing_list_links_contact_fk', ['account_id', 'contact_id'], 'marketing_contacts', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX marketing_list_links_contact_idx ON marketing_list_links (account_id, contact_id)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('marketing_list_links').execute();
      await db.schema.dropTable('marketing_contacts').execute();
      await db.schema.dropTable('marketing_lists').execute();
    },
  },
  '0002-imports': {
    async up(db) {
      await createTenantTable(db, 'marketing_imports', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('queued')
              .check(sql`status IN ('queued', 'running', 'done', 'failed')`),
          )
          .addColumn('rows', 'jsonb', (c) => c.notNull())
          .addColumn('list_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('tags', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('rejects', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('created_by', 'uuid')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('finished_at', 'timestamptz')
          .addPrimaryKeyConstraint('marketing_imports_pkey', ['account_id', 'id']),
      );
      await sql`CREATE INDEX marketing_imports_recent_idx ON marketing_imports (account_id, created_at DESC)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('marketing_imports').execute();
    },
  },
  '0003-forms-and-opt-in': {
    async up(db) {
      // Two random UUIDs' hex: 244 random bits, for the links mailed to the contact.
      await sql`ALTER TABLE marketing_contacts ADD COLUMN token text NOT NULL DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`.execute(
        db,
      );
      await createTenantTable(db, 'marketing_forms', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('draft')
              .check(sql`status IN ('draft', 'published')`),
          )
          .addColumn('fields', 'jsonb', (c) => c.notNull())
          .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_forms_pkey', ['account_id', 'id']),
      );
      await sql`CREATE INDEX marketing_forms_recent_idx ON marketing_forms (account_id, updated_at DESC)`.execute(db);

      await createTenantTable(db, 'marketing_form_submissions', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('form_id', 'uuid', (c) => c.notNull())
          .addColumn('answers', 'jsonb', (c) => c.notNull())
          .addColumn('email', 'text')
          .addColumn('contact_id', 'uuid')
          .addColumn('user_id', 'uuid')
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_form_submissions_pkey', ['account_id', 'id'])
          .addForeignKeyConstraint('marketing_form_submissions_form_fk', ['account_id', 'form_id'], 'marketing_forms', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX marketing_form_submissions_form_idx ON marketing_form_submissions (account_id, form_id, created_at DESC, id)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('marketing_form_submissions').execute();
      await db.schema.dropTable('marketing_forms').execute();
      await db.schema.alterTable('marketing_contacts').dropColumn('token').execute();
    },
  },
  '0004-contact-fields': {
    async up(db) {
      // Custom fields of a contact (issue 19 item 3): key → text, set by hand, by automations (update_user_field) and read by custom_field_match.
      await sql`ALTER TABLE marketing_contacts ADD COLUMN fields jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
    },
    async down(db) {
      await db.schema.alterTable('marketing_contacts').dropColumn('fields').execute();
    },
  },
  '0005-popups': {
    async up(db) {
      await createTenantTable(db, 'marketing_popups', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('draft')
              .check(sql`status IN ('draft', 'published')`),
          )
          .addColumn('document', 'jsonb', (c) => c.notNull())
          .addColumn('rules', 'jsonb', (c) => c.notNull())
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_popups_pkey', ['account_id', 'id']),
      );
      // Every page render that misses the cache reads the published ones.
      await sql`CREATE INDEX marketing_popups_status_idx ON marketing_popups (account_id, status, updated_at DESC)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('marketing_popups').execute();
    },
  },
  '0006-form-views': {
    async up(db) {
      // A form seen on the site, counted by day (the form island's beacon): the reports' conversion is submissions over views.
      await createTenantTable(db, 'marketing_form_views', (t) =>
        t
          .addColumn('form_id', 'uuid', (c) => c.notNull())
          .addColumn('day', 'date', (c) => c.notNull())
          .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('marketing_form_views_pkey', ['account_id', 'form_id', 'day'])
          .addForeignKeyConstraint('marketing_form_views_form_fk', ['account_id', 'form_id'], 'marketing_forms', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE INDEX marketing_form_views_day_idx ON marketing_form_views (account_id, day)`.execute(db);
      // The reports count new contacts and submissions by day.
      await sql`CREATE INDEX marketing_form_submissions_day_idx ON marketing_form_submissions (account_id, created_at)`.execute(db);
    },
    async down(db) {
      await sql`DROP INDEX marketing_form_submissions_day_idx`.execute(db);
      await db.schema.dropTable('marketing_form_views').execute();
    },
  },
  '0007-campaigns': {
    async up(db) {
      await createTenantTable(db, 'marketing_campaigns', (t) =>
        t
          .addColumn('id', 'uuid', uuid)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('preheader', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('blocks', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
          .addColumn('audience', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
          .addColumn('status', 'text', (c) =>
            c
              .notNull()
              .defaultTo('draft')
              .check(sql`status IN ('draft', 'scheduled', 'sending', 'sent', 'stopped')`),
          )
          .addColumn('scheduled_at', 'timestamptz')
          .addColumn('started_at', 'timestamptz')
          .addColumn('finished_at', 'timestamptz')
          .addColumn('origin', 'text')
          .addColumn('stop_reason', 'text')
          .addColumn('recipients', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
          .addPrimaryKeyConstraint('marketing_campaigns_pkey', ['account_id', 'id']),
      );
      await sql`CREATE INDEX marketing_campaigns_recent_idx ON marketing_campaigns (account_id, updated_at DESC)`.execute(db);

      // One row a person a campaign: their own token (opens, clicks) and what happened.
      await createTenantTable(db, 'marketing_campaign_recipients', (t) =>
        t
          .addColumn('campaign_id', 'uuid', (c) => c.notNull())
          .addColumn('contact_id', 'uuid', (c) => c.notNull())
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('token', 'text', (c) => c.notNull().defaultTo(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`))
          .addColumn('status', 'smallint', (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`status IN (0, 1, 2, 3)`),
          )
          .addColumn('sent_at', 'timestamptz')
          .addColumn('opened_at', 'timestamptz')
          .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('clicked_at', 'timestamptz')
          .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('marketing_campaign_recipients_pkey', ['account_id', 'campaign_id', 'contact_id'])
          .addForeignKeyConstraint(
            'marketing_campaign_recipients_campaign_fk',
            ['account_id', 'campaign_id'],
            'marketing_campaigns',
            ['account_id', 'id'],
            (fk) => fk.onDelete('cascade'),
          )
          .addForeignKeyConstraint('marketing_campaign_recipients_contact_fk', ['account_id', 'contact_id'], 'marketing_contacts', ['account_id', 'id'], (fk) =>
            fk.onDelete('cascade'),
          ),
      );
      await sql`CREATE UNIQUE INDEX marketing_campaign_recipients_token_key ON marketing_campaign_recipients (account_id, token)`.execute(db);
      await sql`CREATE INDEX marketing_campaign_recipients_queue_idx ON marketing_campaign_recipients (account_id, campaign_id, status)`.execute(db);
      await sql`CREATE INDEX marketing_campaign_recipients_contact_idx ON marketing_campaign_recipients (account_id, contact_id)`.execute(db);
    },
    async down(db) {
      await db.schema.dropTable('marketing_campaign_recipients').execute();
      await db.schema.dropTable('marketing_campaigns').execute();
    },
  },
};
