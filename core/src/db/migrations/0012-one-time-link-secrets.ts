import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The link in a one-time-code email carries a secret of its own (32 random bytes), stored here as
 * its sha256, instead of GoTrue's sha256(address + code): that one anyone who knows the address
 * could compute for all million codes, and a link check is not counted per address. Codes keep
 * their hash in `token_hash`; only `link_hash` answers a link (or verifyOtp's `token_hash`).
 * Rows from before have no link secret: their links stop working, their codes still work.
 */
export const oneTimeLinkSecrets: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('auth_one_time_tokens').addColumn('link_hash', 'text').execute();
    await sql`CREATE INDEX auth_one_time_tokens_link_idx ON auth_one_time_tokens (account_id, link_hash) WHERE link_hash IS NOT NULL`.execute(db);
  },
};
