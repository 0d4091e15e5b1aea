import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Docs as content (issue 18, item 7): a third content type beside pages and posts, shown at
 * /docs/{slug} and edited in the same editor (/dashboard/docs), so the platform's documentation is
 * written by its super-admins instead of fixed in the provider theme.
 */
export const contentDocs: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`ALTER TABLE content_items DROP CONSTRAINT content_items_type_check`.execute(db);
    await sql`ALTER TABLE content_items ADD CONSTRAINT content_items_type_check CHECK (type IN ('page', 'post', 'doc'))`.execute(db);
  },
};
