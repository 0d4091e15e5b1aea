import { sql, type Kysely, type Migration } from 'kysely';
import { createTenantTable } from '../tenant-table.js';

/**
 * Member meta (SPEC §3): per-member values of an account, keyed by name. The dashboard keeps a
 * member's theme, language, sidebar state and tour progress here, so they follow the member from
 * device to device.
 */
export const dashboard: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await createTenantTable(db, 'member_meta', (t) =>
      t
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('meta_key', 'text', (c) => c.notNull().check(sql`length(meta_key) BETWEEN 1 AND 100`))
        .addColumn('meta_value', 'jsonb', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('member_meta_pkey', ['account_id', 'user_id', 'meta_key']),
    );
  },
};
