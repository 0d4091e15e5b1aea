import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;
const emptyObject = sql`'{}'::jsonb`;

/** Accounts, users, roles, members and options: the tables every other part stands on. */
export const tenancy: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('custom_domain', 'text', (c) => c.unique())
      .addColumn('is_platform', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('plan', 'text', (c) => c.notNull().defaultTo('starter'))
      .addColumn('features', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('plugin_versions', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('menus', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('header', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('footer', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('theme', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('misc', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('notices', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await sql`CREATE UNIQUE INDEX accounts_one_platform ON accounts (is_platform) WHERE is_platform`.execute(db);
    // The account row itself is visible to its own requests only.
    await sql`ALTER TABLE accounts ENABLE ROW LEVEL SECURITY`.execute(db);
    await sql`ALTER TABLE accounts FORCE ROW LEVEL SECURITY`.execute(db);
    await sql`CREATE POLICY own_account ON accounts
      USING (id = nullif(current_setting('app.account_id', true), '')::uuid)
      WITH CHECK (id = nullif(current_setting('app.account_id', true), '')::uuid)`.execute(db);

    await db.schema
      .createTable('users')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
      .addColumn('email', 'text')
      .addColumn('phone', 'text')
      .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('avatar', 'text')
      .addColumn('encrypted_password', 'text')
      .addColumn('email_confirmed_at', 'timestamptz')
      .addColumn('is_anonymous', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('app_metadata', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('user_metadata', 'jsonb', (c) => c.notNull().defaultTo(emptyObject))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
    await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE email IS NOT NULL`.execute(db);
    await sql`CREATE UNIQUE INDEX users_phone_key ON users (phone) WHERE phone IS NOT NULL`.execute(db);

    await createTenantTable(db, 'roles', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('caps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('roles_pkey', ['account_id', 'id'])
        .addUniqueConstraint('roles_account_slug_key', ['account_id', 'slug']),
    );
    await sql`CREATE UNIQUE INDEX roles_one_default ON roles (account_id) WHERE is_default`.execute(db);

    await createTenantTable(db, 'members', (t) =>
      t
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('role_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text')
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('avatar', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('members_pkey', ['account_id', 'user_id'])
        .addUniqueConstraint('members_account_slug_key', ['account_id', 'slug'])
        .addForeignKeyConstraint('members_role_fkey', ['account_id', 'role_id'], 'roles', ['account_id', 'id']),
    );
    await sql`CREATE INDEX members_account_role_idx ON members (account_id, role_id)`.execute(db);
    await sql`CREATE INDEX members_user_idx ON members (user_id)`.execute(db);

    await createTenantTable(db, 'options', (t) =>
      t
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('options_pkey', ['account_id', 'key']),
    );

    await db.schema
      .createTable('auth_signing_keys')
      .addColumn('kid', 'text', (c) => c.primaryKey())
      .addColumn('alg', 'text', (c) => c.notNull())
      .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .execute();
  },
};
