import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';

/** Member meta rows (SPEC §3) of the signed-in member, through the request transaction (RLS keeps it to the account). */
export const memberMeta = {
  async read(db: AnyDb, accountId: string, userId: string, keys: readonly string[]): Promise<Map<string, unknown>> {
    if (keys.length === 0) return new Map();
    const rows = await db
      .selectFrom('member_meta')
      .select(['meta_key', 'meta_value'])
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('meta_key', 'in', keys)
      .execute();
    return new Map(rows.map((r) => [r.meta_key as string, r.meta_value as unknown]));
  },

  async write(db: AnyDb, accountId: string, userId: string, key: string, value: unknown): Promise<void> {
    await db
      .insertInto('member_meta')
      .values({ account_id: accountId, user_id: userId, meta_key: key, meta_value: JSON.stringify(value) })
      .onConflict((oc) => oc.columns(['account_id', 'user_id', 'meta_key']).doUpdateSet({ meta_value: JSON.stringify(value), updated_at: sql`now()` }))
      .execute();
  },

  async remove(db: AnyDb, accountId: string, userId: string, key: string): Promise<void> {
    await db.deleteFrom('member_meta').where('account_id', '=', accountId).where('user_id', '=', userId).where('meta_key', '=', key).execute();
  },
};
