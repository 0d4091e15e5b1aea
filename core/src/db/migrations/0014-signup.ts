import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Self-serve sign-up (issue 18):
 * - `trial_ends_at`: a site made at sign-up starts on its plan's trial, which ends at this time; null
 *   means no trial (a super-admin's account, the platform's own, a paid plan). A timestamp rather
 *   than a day count, so the dashboard and billing agree on when.
 * - `awaiting_confirmation_of`: the owner whose e-mail confirmation makes the site public (the
 *   platform's SIGNUP_CONFIRM_EMAIL); null once confirmed, and for every other site.
 */
export const signup: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE accounts ADD COLUMN trial_ends_at timestamptz NULL`.execute(db);
    await sql`ALTER TABLE accounts ADD COLUMN awaiting_confirmation_of uuid NULL`.execute(db);
  },
};
