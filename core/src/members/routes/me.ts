import type { FastifyInstance } from 'fastify';
import { listCapabilities, MANAGE_CAPABILITY } from '../capabilities.js';

const Me = {
  type: 'object',
  required: ['user_id', 'account_id', 'role', 'caps', 'is_site_owner', 'is_super_admin'],
  properties: {
    user_id: { type: 'string', format: 'uuid' },
    account_id: { type: 'string', format: 'uuid' },
    role: {
      type: ['object', 'null'],
      description: 'null only for a super-admin on the platform site who is not a member of it',
      required: ['slug', 'name'],
      properties: { slug: { type: 'string' }, name: { type: 'string' } },
    },
    caps: { type: 'array', items: { type: 'string' } },
    is_site_owner: { type: 'boolean', description: 'Can manage this account (manage_options)' },
    is_super_admin: { type: 'boolean', description: "The user's email is on the platform's super-admin list" },
  },
} as const;

/** GET /api/account/me: the signed-in member's role and capabilities on this site. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/account/me',
    {
      config: { capability: 'read' },
      schema: { tags: ['account'], summary: "The signed-in member's role and capabilities on this site", response: { 200: Me } },
    },
    async (request) => {
      const ctx = request.ctx;
      const userId = ctx.userId as string; // the capability check let only signed-in callers through
      const row = await ctx.db
        .selectFrom('members as m')
        .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
        .select(['r.slug', 'r.name', 'r.caps'])
        .where('m.account_id', '=', ctx.account.id)
        .where('m.user_id', '=', userId)
        .executeTakeFirst();
      let caps: string[] = (row?.caps as string[] | undefined) ?? [];
      // Super-admins hold every capability on the platform site (see RequestContext.can).
      if (ctx.isSuperAdmin && ctx.account.isPlatform) {
        caps = [...new Set([...caps, ...listCapabilities(request.server.kernel.plugins.plugins.map((p) => p.manifest)).map((c) => c.name)])];
      }
      return {
        user_id: userId,
        account_id: ctx.account.id,
        role: row === undefined ? null : { slug: row.slug as string, name: row.name as string },
        caps,
        is_site_owner: caps.includes(MANAGE_CAPABILITY),
        is_super_admin: ctx.isSuperAdmin,
      };
    },
  );
}
