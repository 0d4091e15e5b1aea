import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';

export interface PlatformUpdate {
  id: string;
  title: string;
  /** Sanitised HTML. */
  body: string;
  severity: number;
  published_at: Date;
  created_by: string | null;
}

const COLUMNS = ['id', 'title', 'body', 'severity', 'published_at', 'created_by'] as const;

/**
 * The platform's updates (one global list) and each account's read marks (a tenant table).
 * Writes to the list need system access: request transactions may only read it.
 */
export const updateStore = {
  /** `body` must already be sanitised. */
  async publish(db: AnyDb, input: { title: string; body: string; severity: number; createdBy: string | null }): Promise<PlatformUpdate> {
    return (await db
      .insertInto('platform_updates')
      .values({ title: input.title, body: input.body, severity: input.severity, created_by: input.createdBy })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as PlatformUpdate;
  },

  async list(db: AnyDb, page: { limit: number; offset: number }): Promise<{ updates: PlatformUpdate[]; total: number }> {
    const [updates, count] = await Promise.all([
      db.selectFrom('platform_updates').select(COLUMNS).orderBy('published_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
      db
        .selectFrom('platform_updates')
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { updates: updates as PlatformUpdate[], total: count.total as number };
  },

  /** Also removes every account's read mark of it (the foreign key cascades). */
  async remove(db: AnyDb, id: string): Promise<boolean> {
    const result = await db.deleteFrom('platform_updates').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Updates the account has not marked read, newest first. */
  async unread(db: AnyDb, accountId: string, limit: number): Promise<PlatformUpdate[]> {
    return (await db
      .selectFrom('platform_updates as pu')
      .select(COLUMNS.map((c) => `pu.${c}` as const))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('platform_update_reads as r')
              .select(sql`1`.as('one'))
              .where('r.account_id', '=', accountId)
              .whereRef('r.update_id', '=', 'pu.id'),
          ),
        ),
      )
      .orderBy('pu.published_at', 'desc')
      .orderBy('pu.id', 'desc')
      .limit(limit)
      .execute()) as PlatformUpdate[];
  },

  /** Idempotent; false when there is no such update. */
  async markRead(db: AnyDb, accountId: string, updateId: string): Promise<boolean> {
    // Inserting from the update's own row turns an unknown id into "nothing inserted", not a foreign-key error.
    const { rows } = await sql<{ found: boolean }>`
      WITH target AS (SELECT id FROM platform_updates WHERE id = ${updateId}),
      marked AS (
        INSERT INTO platform_update_reads (account_id, update_id)
        SELECT ${accountId}, id FROM target
        ON CONFLICT (account_id, update_id) DO NOTHING
      )
      SELECT EXISTS (SELECT 1 FROM target) AS found`.execute(db);
    return rows[0]?.found === true;
  },
};
