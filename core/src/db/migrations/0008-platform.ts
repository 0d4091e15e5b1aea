import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Super-admin services (SPEC §2 "Super-admin dashboard"): an account can be suspended, which
 * closes its site's API until a super-admin restores it. A timestamp rather than a flag, so the
 * dashboard can say since when.
 */
export const platform: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE accounts ADD COLUMN suspended_at timestamptz NULL`.execute(db);
  },
};
