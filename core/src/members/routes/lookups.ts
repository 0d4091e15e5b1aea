import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { sql } from 'kysely';
import { AppError, Errors } from '../../errors/errors.js';
import { MANAGE_CAPABILITY } from '../capabilities.js';
import { MemberEmail, Status, Uuid } from './schemas.js';

/**
 * SPEC §7 POST /api/account/isSiteOwner and POST /api/users/getUserEmailById: what the browser
 * asks about members of the site it is on.
 */
export async function lookupRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/account/isSiteOwner',
    {
      // Public (SPEC §6: decided by the server from account id and email), so rate-limited.
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        summary: 'Whether an email belongs to a member who manages this site',
        body: Type.Object({ account_id: Uuid, email: Type.String({ format: 'email', maxLength: 254 }) }, { additionalProperties: false }),
        response: { 200: Status },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      if (request.body.account_id !== account.id) throw new AppError(Errors.accountMismatch);
      const row = await db
        .selectFrom('members as m')
        .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
        .select('m.user_id')
        .where('m.account_id', '=', account.id)
        .where(sql<boolean>`lower(m.email) = lower(${request.body.email.trim()})`)
        .where(sql<boolean>`r.caps @> ${JSON.stringify([MANAGE_CAPABILITY])}::jsonb`)
        .limit(1)
        .executeTakeFirst();
      return { status: row !== undefined };
    },
  );

  app.post(
    '/api/users/getUserEmailById',
    {
      config: { capability: 'read' },
      schema: {
        tags: ['users'],
        summary: "A member's email and name",
        description: 'status false, with empty email and name, when the user is not a member of this site (SPEC §8: email lookup failure → empty string).',
        body: Type.Object({ user_id: Uuid, account_id: Uuid }, { additionalProperties: false }),
        response: { 200: MemberEmail },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      const { user_id: userId } = request.body;
      if (request.body.account_id !== account.id) throw new AppError(Errors.accountMismatch);
      const row = await db
        .selectFrom('members')
        .select(['email', 'name'])
        .where('account_id', '=', account.id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row === undefined) return { status: false, user: { id: userId, email: '', name: '' } };
      return { status: true, user: { id: userId, email: (row.email as string | null) ?? '', name: (row.name as string | null) ?? '' } };
    },
  );
}
