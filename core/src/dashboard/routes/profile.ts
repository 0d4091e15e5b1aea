import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../../errors/errors.js';
import { typed } from '../../http/typed-app.js';
import { ProfileBody, ProfileSchema } from './schemas.js';

/**
 * PUT /api/dashboard/profile: the member's own name and avatar on this site (the member row; SPEC §3).
 * The avatar is a storage path or URL the member uploaded through /storage/v1 (avatars/{user_id}/avatar.jpg).
 */
export async function profileRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.put(
    '/api/dashboard/profile',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['dashboard'],
        summary: "Change the member's own name or avatar on this site",
        body: ProfileBody,
        response: { 200: ProfileSchema },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const changes: { name?: string; avatar?: string | null } = {};
      if (request.body.name !== undefined) changes.name = request.body.name.trim();
      if (request.body.avatar !== undefined) changes.avatar = request.body.avatar;
      const row = await db
        .updateTable('members')
        .set(changes)
        .where('account_id', '=', account.id)
        .where('user_id', '=', request.ctx.userId as string)
        .returning(['name', 'avatar'])
        .executeTakeFirst();
      // A platform super-admin who is not a member of the platform account has no row to change.
      if (row === undefined) throw new AppError(Errors.notFound);
      return { name: row.name as string, avatar: (row.avatar as string | null) ?? null };
    },
  );
}
