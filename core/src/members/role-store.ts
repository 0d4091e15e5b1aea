import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { MANAGE_CAPABILITY } from './capabilities.js';

export interface RoleRecord {
  id: string;
  slug: string;
  name: string;
  caps: string[];
  is_default: boolean;
}

export interface RoleView extends RoleRecord {
  member_count: number;
}

const ROLE_COLUMNS = ['r.id', 'r.slug', 'r.name', 'r.caps', 'r.is_default'] as const;

function toRecord(row: Record<string, unknown>): RoleRecord {
  return {
    id: row.id as string,
    slug: row.slug as string,
    name: row.name as string,
    caps: (row.caps as string[] | null) ?? [],
    is_default: row.is_default as boolean,
  };
}

/**
 * Locks the account's roles (in id order, so writers never deadlock) for the rest of the
 * transaction and returns them. Every write that can change who manages the account takes this
 * lock first, so two owners demoting each other at once are serialised and the second one sees
 * the first one's change when it counts the remaining owners. FOR NO KEY UPDATE leaves sign-ups
 * (which only reference a role) unblocked.
 */
export async function lockRoles(db: AnyDb, accountId: string): Promise<Map<string, RoleRecord>> {
  const rows = await db
    .selectFrom('roles as r')
    .select([...ROLE_COLUMNS])
    .where('r.account_id', '=', accountId)
    .orderBy('r.id')
    .forNoKeyUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id as string, toRecord(row)]));
}

/** Every role of the account with how many members hold it (one grouped query), by name. */
export async function listRoles(db: AnyDb, accountId: string, onlyId?: string): Promise<RoleView[]> {
  const counts = db
    .selectFrom('members')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('member_count')])
    .where('account_id', '=', accountId)
    .$call((q) => (onlyId === undefined ? q : q.where('role_id', '=', onlyId)))
    .groupBy('role_id')
    .as('c');
  const rows = await db
    .selectFrom('roles as r')
    .leftJoin(counts, 'c.role_id', 'r.id')
    .select([...ROLE_COLUMNS, sql<number>`coalesce(c.member_count, 0)::int`.as('member_count')])
    .where('r.account_id', '=', accountId)
    .$call((q) => (onlyId === undefined ? q : q.where('r.id', '=', onlyId)))
    .orderBy('r.name')
    .orderBy('r.id')
    .execute();
  return rows.map((row) => ({ ...toRecord(row), member_count: Number(row.member_count) }));
}

export async function getRole(db: AnyDb, accountId: string, roleId: string): Promise<RoleView | undefined> {
  return (await listRoles(db, accountId, roleId))[0];
}

export async function countRoleMembers(db: AnyDb, accountId: string, roleId: string): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * How many members can manage the account (their role holds manage_options), leaving out one
 * member and/or one role: "who would still manage it after this change".
 */
export async function countManagers(db: AnyDb, accountId: string, except: { userId?: string; roleId?: string } = {}): Promise<number> {
  const row = await db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.account_id', '=', accountId)
    .where(sql<boolean>`r.caps @> ${JSON.stringify([MANAGE_CAPABILITY])}::jsonb`)
    .$call((q) => (except.userId === undefined ? q : q.where('m.user_id', '<>', except.userId)))
    .$call((q) => (except.roleId === undefined ? q : q.where('r.id', '<>', except.roleId)))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function canManage(role: Pick<RoleRecord, 'caps'>): boolean {
  return role.caps.includes(MANAGE_CAPABILITY);
}
