import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import { iso, likePattern } from '../account-service.js';
import { LIST_LIMIT, OwnerList, OwnerListQuery } from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

interface OwnerRow {
  user_id: string;
  name: string;
  email: string | null;
  created_at: Date | string;
  role: string;
  account_id: string;
  account_slug: string;
  account_name: string;
  total: number;
}

/** Members whose role grants manage_options, across every account, newest first. */
async function listOwners(db: AnyDb, filter: { search?: string; limit: number; offset: number }) {
  let query = db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .innerJoin('accounts as a', 'a.id', 'm.account_id')
    .where(sql<boolean>`r.caps @> '["manage_options"]'::jsonb`);
  if (filter.search !== undefined && filter.search.trim() !== '') {
    const pattern = likePattern(filter.search.trim());
    query = query.where((eb) =>
      eb.or([eb('m.name', 'ilike', pattern), eb('m.email', 'ilike', pattern), eb('a.slug', 'ilike', pattern), eb('a.name', 'ilike', pattern)]),
    );
  }
  const rows = (await query
    .select([
      'm.user_id',
      'm.name',
      'm.email',
      'm.created_at',
      'r.slug as role',
      'a.id as account_id',
      'a.slug as account_slug',
      'a.name as account_name',
      sql<number>`count(*) over ()::int`.as('total'),
    ])
    .orderBy('m.created_at', 'desc')
    .orderBy('m.account_id')
    .orderBy('m.user_id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute()) as OwnerRow[];
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the window count.
  if (rows.length === 0 && filter.offset > 0) {
    const counted = await query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }
  return {
    owners: rows.map((row) => ({
      user_id: row.user_id,
      name: row.name,
      email: row.email,
      account: { id: row.account_id, slug: row.account_slug, name: row.account_name },
      role: row.role,
      created_at: iso(row.created_at),
    })),
    total,
  };
}

/** /dashboard/accounts/owners: who runs each account. */
export async function ownerRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/owners',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Members who manage an account (manage_options), across all accounts',
        querystring: OwnerListQuery,
        response: { 200: OwnerList },
      },
    },
    async (request) => request.ctx.withSystem('platform: list account owners', (db) => listOwners(db, paged(request.query, LIST_LIMIT))),
  );
}
