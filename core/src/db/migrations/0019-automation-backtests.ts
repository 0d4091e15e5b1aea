import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Backtests (issue 19, item 6) read one trigger's events of the last days: an index leading with
 * the account, then the trigger, then the time, so the read stays small on a busy site.
 */
export const automationBacktests: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`CREATE INDEX automation_events_trigger_idx ON automation_events (account_id, trigger_type, created_at DESC)`.execute(db);
  },
};
