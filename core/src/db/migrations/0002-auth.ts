import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

const now = sql`now()`;
const uuid = sql`gen_random_uuid()`;

/**
 * Sign-in state. Sessions, refresh tokens, one-time codes, OAuth flow states and identity
 * providers belong to the site (account) they were opened on; identities and MFA factors belong
 * to the platform-wide user and are reached only by the kernel's auth service.
 */
export const auth: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('users')
      .addColumn('phone_confirmed_at', 'timestamptz')
      .addColumn('last_sign_in_at', 'timestamptz')
      .addColumn('confirmation_sent_at', 'timestamptz')
      .addColumn('recovery_sent_at', 'timestamptz')
      .addColumn('banned_until', 'timestamptz')
      .execute();

    await createTenantTable(db, 'auth_sessions', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('aal', 'text', (c) => c.notNull().defaultTo('aal1'))
        .addColumn('amr', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('factor_id', 'uuid')
        .addColumn('user_agent', 'text')
        .addColumn('ip', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('refreshed_at', 'timestamptz')
        .addColumn('ended_at', 'timestamptz')
        .addColumn('ended_reason', 'text')
        .addPrimaryKeyConstraint('auth_sessions_pkey', ['account_id', 'id']),
    );
    await sql`CREATE INDEX auth_sessions_user_idx ON auth_sessions (account_id, user_id) WHERE ended_at IS NULL`.execute(db);

    await createTenantTable(db, 'auth_refresh_tokens', (t) =>
      t
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('session_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('parent_hash', 'text')
        .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('auth_refresh_tokens_pkey', ['account_id', 'token_hash'])
        .addForeignKeyConstraint('auth_refresh_tokens_session_fkey', ['account_id', 'session_id'], 'auth_sessions', ['account_id', 'id'], (fk) =>
          fk.onDelete('cascade'),
        ),
    );
    await sql`CREATE INDEX auth_refresh_tokens_session_idx ON auth_refresh_tokens (account_id, session_id)`.execute(db);

    await createTenantTable(db, 'auth_one_time_tokens', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('relates_to', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('consumed_at', 'timestamptz')
        .addPrimaryKeyConstraint('auth_one_time_tokens_pkey', ['account_id', 'id']),
    );
    await sql`CREATE INDEX auth_one_time_tokens_lookup_idx ON auth_one_time_tokens (account_id, relates_to, kind)`.execute(db);
    await sql`CREATE INDEX auth_one_time_tokens_hash_idx ON auth_one_time_tokens (account_id, token_hash)`.execute(db);

    await createTenantTable(db, 'auth_flow_states', (t) =>
      t
        .addColumn('id', 'uuid', (c) => c.notNull().defaultTo(uuid))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('flow', 'text', (c) => c.notNull())
        .addColumn('code_challenge', 'text')
        .addColumn('code_challenge_method', 'text')
        .addColumn('redirect_to', 'text')
        .addColumn('provider_verifier', 'text')
        .addColumn('nonce', 'text')
        .addColumn('auth_code', 'uuid')
        .addColumn('user_id', 'uuid')
        .addColumn('session_tokens', 'jsonb')
        .addColumn('authentication_method', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('auth_flow_states_pkey', ['account_id', 'id']),
    );
    await sql`CREATE UNIQUE INDEX auth_flow_states_code_idx ON auth_flow_states (account_id, auth_code) WHERE auth_code IS NOT NULL`.execute(db);

    await createTenantTable(db, 'auth_providers', (t) =>
      t
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret', 'text')
        .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('openid email profile'))
        .addColumn('domains', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('auth_providers_pkey', ['account_id', 'id']),
    );

    await db.schema
      .createTable('auth_identities')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('provider_id', 'text', (c) => c.notNull())
      .addColumn('identity_data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('email', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('last_sign_in_at', 'timestamptz')
      .addUniqueConstraint('auth_identities_provider_key', ['provider', 'provider_id'])
      .execute();
    await sql`CREATE INDEX auth_identities_user_idx ON auth_identities (user_id)`.execute(db);

    await db.schema
      .createTable('auth_mfa_factors')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
      .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('friendly_name', 'text')
      .addColumn('factor_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('unverified'))
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('last_challenged_at', 'timestamptz')
      .execute();
    await sql`CREATE INDEX auth_mfa_factors_user_idx ON auth_mfa_factors (user_id)`.execute(db);

    await db.schema
      .createTable('auth_mfa_challenges')
      .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuid))
      .addColumn('factor_id', 'uuid', (c) => c.notNull().references('auth_mfa_factors.id').onDelete('cascade'))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
      .addColumn('verified_at', 'timestamptz')
      .addColumn('ip', 'text')
      .execute();
  },
};
