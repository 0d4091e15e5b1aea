import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Sign-in limits that every instance shares and that outlive a restart (when there is no Redis):
 * fixed-window counters keyed by what they count (client and endpoint, attacked address, wrong
 * one-time codes). The keys carry the site's id where the count is per site; the table is global
 * and reached only by the kernel's owner connection, never by request transactions.
 */
export const authLimits: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('auth_rate_counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`CREATE INDEX auth_rate_counters_reset_idx ON auth_rate_counters (reset_at)`.execute(db);
  },
};
