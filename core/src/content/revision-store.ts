import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';

export interface Revision {
  id: string;
  item_id: string;
  title: string;
  /** The item's Puck document as it was saved. */
  document: Record<string, unknown>;
  created_by: string | null;
  author_name: string;
  created_at: Date;
}

/** Saved versions of a page's or post's title and document, newest first. */
export const revisionStore = {
  async record(db: AnyDb, accountId: string, itemId: string, userId: string | null): Promise<void> {
    // Copies the item as it now stands, so what is kept is exactly what was stored (sanitized);
    // clock time keeps several saves in one transaction (a restore) in order.
    await sql`
      INSERT INTO content_revisions (account_id, item_id, title, document, created_by, created_at)
      SELECT account_id, id, title, document, ${userId}::uuid, clock_timestamp() FROM content_items
       WHERE account_id = ${accountId} AND id = ${itemId}`.execute(db);
  },

  async list(db: AnyDb, accountId: string, itemId: string, page: { limit: number; offset: number }): Promise<{ revisions: Revision[]; total: number }> {
    const [rows, total] = await Promise.all([
      db
        .selectFrom('content_revisions as r')
        .leftJoin('members as m', (join) => join.onRef('m.account_id', '=', 'r.account_id').onRef('m.user_id', '=', 'r.created_by'))
        .leftJoin('users as u', 'u.id', 'r.created_by')
        .select(['r.id', 'r.item_id', 'r.title', 'r.document', 'r.created_by', 'r.created_at'])
        .select(sql<string>`coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '')`.as('author_name'))
        .where('r.account_id', '=', accountId)
        .where('r.item_id', '=', itemId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('content_revisions')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('account_id', '=', accountId)
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow(),
    ]);
    return { revisions: rows as Revision[], total: total.n as number };
  },

  async get(db: AnyDb, accountId: string, itemId: string, id: string): Promise<{ title: string; document: unknown }> {
    const row = await db
      .selectFrom('content_revisions')
      .select(['title', 'document'])
      .where('account_id', '=', accountId)
      .where('item_id', '=', itemId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No such revision of this item');
    return row as { title: string; document: unknown };
  },
};
