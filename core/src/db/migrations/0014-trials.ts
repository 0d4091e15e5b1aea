import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Self-serve sign-up (issue 18): a site made at sign-up starts on its plan's trial, which ends at
 * this time; null means no trial (a super-admin's account, the platform's own, a paid plan).
 * A timestamp rather than a day count, so the dashboard and the billing job agree on when.
 */
export const trials: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE accounts ADD COLUMN trial_ends_at timestamptz NULL`.execute(db);
  },
};
