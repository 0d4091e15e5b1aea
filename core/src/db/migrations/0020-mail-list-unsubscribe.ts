import type { Kysely, Migration } from 'kysely';

/**
 * A message's unsubscribe address (a campaign's, an automation's), sent as its List-Unsubscribe
 * header so mail programs can offer their own unsubscribe button (issue 19).
 */
export const mailListUnsubscribe: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('mail_outbox').addColumn('list_unsubscribe', 'text').execute();
  },
};
