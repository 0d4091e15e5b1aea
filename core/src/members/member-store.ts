import type { AnyDb } from '../db/database.js';

export interface MemberView {
  user_id: string;
  name: string;
  email: string | null;
  slug: string;
  avatar: string | null;
  role: { id: string; slug: string; name: string };
  created_at: string;
}

export interface MemberQuery {
  /** Case-insensitive substring of the name or the email. */
  search?: string;
  /** A role's slug or id. */
  role?: string;
  limit: number;
  offset: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Makes a search term match itself literally inside ILIKE (backslash is the default escape). */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function membersWithRoles(db: AnyDb, accountId: string) {
  return db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .where('m.account_id', '=', accountId);
}

const MEMBER_COLUMNS = [
  'm.user_id',
  'm.name',
  'm.email',
  'm.slug',
  'm.avatar',
  'm.created_at',
  'r.id as role_id',
  'r.slug as role_slug',
  'r.name as role_name',
] as const;

function toView(row: Record<string, unknown>): MemberView {
  const created = row.created_at;
  return {
    user_id: row.user_id as string,
    name: row.name as string,
    email: (row.email as string | null) ?? null,
    slug: row.slug as string,
    avatar: (row.avatar as string | null) ?? null,
    role: { id: row.role_id as string, slug: row.role_slug as string, name: row.role_name as string },
    created_at: created instanceof Date ? created.toISOString() : new Date(String(created)).toISOString(),
  };
}

/** One page of the account's members, by name then user id, and how many match in all (two queries). */
export async function listMembers(db: AnyDb, accountId: string, query: MemberQuery): Promise<{ members: MemberView[]; total: number }> {
  const search = query.search?.trim();
  const role = query.role?.trim();
  const filtered = membersWithRoles(db, accountId)
    .$call((q) => {
      if (search === undefined || search === '') return q;
      const pattern = likePattern(search);
      return q.where((eb) => eb.or([eb('m.name', 'ilike', pattern), eb('m.email', 'ilike', pattern)]));
    })
    .$call((q) => {
      if (role === undefined || role === '') return q;
      return q.where((eb) => eb.or([eb('r.slug', '=', role), ...(UUID.test(role) ? [eb('r.id', '=', role)] : [])]));
    });
  const rows = await filtered
    .select([...MEMBER_COLUMNS])
    .orderBy('m.name')
    .orderBy('m.user_id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const count = await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return { members: rows.map(toView), total: Number(count.total) };
}

export async function getMember(db: AnyDb, accountId: string, userId: string): Promise<MemberView | undefined> {
  const row = await membersWithRoles(db, accountId)
    .select([...MEMBER_COLUMNS])
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? undefined : toView(row);
}

/** The member's current role id, locking their row until the transaction ends; undefined for a non-member. */
export async function lockMember(db: AnyDb, accountId: string, userId: string): Promise<{ roleId: string } | undefined> {
  const row = await db.selectFrom('members').select('role_id').where('account_id', '=', accountId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row === undefined ? undefined : { roleId: row.role_id as string };
}
