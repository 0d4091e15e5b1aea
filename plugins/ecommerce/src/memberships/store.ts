import { appError, sql, type DbHandle, type Selectable } from '@lectern/sdk';
import { shopDb, type MembershipsTable, type ShopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import type { GrantWire, LevelInputWire, LevelWire } from './schemas.js';

type LevelRow = Selectable<MembershipsTable> & { active_members: number };

/** A level as the API shows it (Level), with the members holding it now. */
const view = (row: LevelRow): LevelWire => ({
  id: row.id,
  name: row.name,
  description: row.description,
  course_ids: row.course_ids,
  content_ids: row.content_ids,
  active_members: Number(row.active_members),
  created_at: new Date(row.created_at).toISOString(),
});

function withCounts(db: ShopDb, accountId: string) {
  return db
    .selectFrom('ecommerce_memberships as m')
    .selectAll('m')
    .select((eb) =>
      eb
        .selectFrom('ecommerce_member_memberships as g')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('g.account_id', '=', 'm.account_id')
        .whereRef('g.membership_id', '=', 'm.id')
        .where('g.status', '=', 'active')
        .as('active_members'),
    )
    .where('m.account_id', '=', accountId);
}

export async function listMemberships(anyDb: DbHandle, accountId: string): Promise<LevelWire[]> {
  const rows = await withCounts(shopDb(anyDb), accountId).orderBy('m.name').orderBy('m.id').limit(500).execute();
  return rows.map((row) => view(row as LevelRow));
}

export async function getMembership(anyDb: DbHandle, accountId: string, id: string): Promise<LevelWire> {
  const row = await withCounts(shopDb(anyDb), accountId).where('m.id', '=', id).executeTakeFirst();
  if (row === undefined) throw appError(ShopErrors.membershipNotFound);
  return view(row as LevelRow);
}

export async function saveMembership(anyDb: DbHandle, accountId: string, id: string | null, input: LevelInputWire): Promise<LevelWire> {
  const db = shopDb(anyDb);
  const values = {
    name: input.name.trim(),
    description: input.description ?? '',
    course_ids: JSON.stringify([...new Set(input.course_ids ?? [])]),
    content_ids: JSON.stringify([...new Set(input.content_ids ?? [])]),
  };
  const saved =
    id === null
      ? await db
          .insertInto('ecommerce_memberships')
          .values({ account_id: accountId, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await db
          .updateTable('ecommerce_memberships')
          .set({ ...values, updated_at: new Date() })
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .returning('id')
          .executeTakeFirst();
  if (saved === undefined) throw appError(ShopErrors.membershipNotFound);
  return getMembership(db, accountId, saved.id);
}

export async function deleteMembership(anyDb: DbHandle, accountId: string, id: string): Promise<void> {
  const deleted = await shopDb(anyDb)
    .deleteFrom('ecommerce_memberships')
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (deleted === undefined) throw appError(ShopErrors.membershipNotFound);
}

/** A level's members (or a member's levels), newest first, each with their name and email (one join). */
export async function listGrants(
  anyDb: DbHandle,
  accountId: string,
  filter: { membershipId?: string; userId?: string },
  offset: number,
  limit: number,
): Promise<{ count: number; items: GrantWire[] }> {
  const db = shopDb(anyDb);
  let base = db.selectFrom('ecommerce_member_memberships as g').where('g.account_id', '=', accountId);
  if (filter.membershipId !== undefined) base = base.where('g.membership_id', '=', filter.membershipId);
  if (filter.userId !== undefined) base = base.where('g.user_id', '=', filter.userId);
  const [rows, counted] = await Promise.all([
    base
      .leftJoin('members as m', (join) => join.onRef('m.account_id', '=', 'g.account_id').onRef('m.user_id', '=', 'g.user_id'))
      .selectAll('g')
      .select(['m.name as member_name', 'm.email as member_email'])
      .orderBy('g.started_at', 'desc')
      .orderBy('g.user_id')
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: counted.count,
    items: rows.map((row) => ({
      membership_id: row.membership_id,
      user_id: row.user_id,
      name: row.member_name ?? '',
      email: row.member_email ?? '',
      status: row.status,
      source: row.source,
      order_id: row.order_id,
      started_at: new Date(row.started_at).toISOString(),
      ended_at: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    })),
  };
}
