import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { listCapabilities, MANAGE_CAPABILITY } from '../capabilities.js';
import { Me } from './schemas.js';

/** GET /api/account/me: the signed-in member's role and capabilities on this site. */
export async function meRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
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
