import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

/**
 * Custom domains are served only once the owner proves control (DECISIONS "Domains and TLS").
 * A claim holds the domain an account asked for, the token its DNS TXT record must carry, and
 * the state of the checks; `accounts.custom_domain` (unique) stays the domain actually served,
 * set only when a claim is verified. Several accounts may claim one domain; the first to verify
 * gets it.
 */
export const customDomains: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'custom_domain_claims', (t) =>
      t
        .addColumn('domain', 'text', (c) => c.notNull().check(sql`char_length(domain) BETWEEN 4 AND 253`))
        .addColumn('token', 'text', (c) => c.notNull().check(sql`token ~ '^[A-Za-z0-9_-]{16,100}$'`))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status IN ('pending', 'verified', 'failing')`),
        )
        .addColumn('failures', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`failures >= 0`),
        )
        .addColumn('checked_at', 'timestamptz')
        .addColumn('verified_at', 'timestamptz')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        // One claim per account: a site has one custom domain (SPEC §5).
        .addPrimaryKeyConstraint('custom_domain_claims_pkey', ['account_id']),
    );
    // Domains served before verification existed keep being served as verified claims with a
    // fresh token: the re-checks then ask their owners for the TXT record and, if it never comes,
    // stop serving them after the grace, instead of cutting them off the moment this runs.
    await sql`
      INSERT INTO custom_domain_claims (account_id, domain, token, status, verified_at)
      SELECT id, custom_domain, replace(gen_random_uuid()::text, '-', ''), 'verified', now()
        FROM accounts WHERE custom_domain IS NOT NULL
    `.execute(db);
  },
};
