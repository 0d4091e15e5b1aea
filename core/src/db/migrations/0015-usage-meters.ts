import type { Kysely, Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

/**
 * SPEC §9's usage meters, kept as counters where the work happens instead of counted by scanning:
 * - `usage_counters`: per account, calendar month (UTC, 'YYYY-MM') and meter, how much was used;
 * - `usage_active_users`: who was active on the account in a month, so monthly active users (the
 *   `mau` meter) counts each person once.
 */
export const usageMeters: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'usage_counters', (t) =>
      t
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('meter', 'text', (c) => c.notNull())
        .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_counters_pkey', ['account_id', 'period', 'meter']),
    );
    await createTenantTable(db, 'usage_active_users', (t) =>
      t
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_active_users_pkey', ['account_id', 'period', 'user_id']),
    );
  },
};
