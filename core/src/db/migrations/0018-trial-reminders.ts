import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Trial reminders (issue 18, item 4): when the owners of a site on trial were last told that the
 * trial is about to end, so the daily sweep tells them once per trial end (a trial a super-admin
 * extends is reminded of again before its new end).
 */
export const trialReminders: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE accounts ADD COLUMN billing_reminded_at timestamptz NULL`.execute(db);
  },
};
