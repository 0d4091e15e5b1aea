import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { PagingFields, paged } from '../../schema/kit.js';
import { AppError, Errors } from '../../errors/errors.js';
import type { AnyDb } from '../../db/database.js';
import { getMember, listMembers, lockMember } from '../member-store.js';
import { canManage, countManagers, lockRoles, type RoleRecord } from '../role-store.js';
import type { MemberRouteDeps } from './index.js';
import { Member, MemberList, Status, Uuid } from './schemas.js';

const UserParams = Type.Object({ userId: Uuid });

/** GET/PUT/DELETE /api/account/members: the account's members, their roles, removing them. */
export async function memberAdminRoutes(server: FastifyInstance, deps: MemberRouteDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/members',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "List the account's members",
        querystring: Type.Object(
          {
            search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive part of the name or email' })),
            role: Type.Optional(Type.String({ maxLength: 64, description: 'A role slug or id' })),
            ...PagingFields,
          },
          { additionalProperties: false },
        ),
        response: { 200: MemberList },
      },
    },
    async (request) => {
      const { db, account } = request.ctx;
      return listMembers(db, account.id, paged(request.query));
    },
  );

  app.put(
    '/api/account/members/:userId',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "Change a member's role",
        params: UserParams,
        body: Type.Object({ role_id: Uuid }, { additionalProperties: false }),
        response: { 200: Member },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const { userId } = request.params;
      const { roles, current } = await lockForChange(ctx.db, accountId, userId);
      const next = roles.get(request.body.role_id);
      if (next === undefined) throw new AppError(Errors.notFound, 'No such role in this account');
      if (!canManage(next)) await keepAManager(ctx.db, accountId, userId, roles.get(current.roleId));
      if (next.id !== current.roleId) {
        await ctx.db.updateTable('members').set({ role_id: next.id }).where('account_id', '=', accountId).where('user_id', '=', userId).execute();
        ctx.afterCommit(() => deps.members.invalidate(accountId, userId));
      }
      const member = await getMember(ctx.db, accountId, userId);
      if (member === undefined) throw new AppError(Errors.notFound);
      return member;
    },
  );

  app.delete(
    '/api/account/members/:userId',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Remove a member from the account',
        description: 'The user keeps their login; their sessions on this site end.',
        params: UserParams,
        response: { 200: Status },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const { userId } = request.params;
      const { roles, current } = await lockForChange(ctx.db, accountId, userId);
      await keepAManager(ctx.db, accountId, userId, roles.get(current.roleId));
      await ctx.db.deleteFrom('members').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
      // A removed member is signed out of this site at once (their sessions here end too).
      await request.server.kernel.sessions.endAll(ctx.db, accountId, userId, 'removed');
      ctx.afterCommit(() => deps.members.invalidate(accountId, userId));
      return { status: true };
    },
  );
}

/**
 * Locks the account's roles (so two owners demoting each other cannot both succeed) and the
 * member's row; a member who is not in the account is a 404.
 */
async function lockForChange(db: AnyDb, accountId: string, userId: string) {
  const roles = await lockRoles(db, accountId);
  const current = await lockMember(db, accountId, userId);
  if (current === undefined) throw new AppError(Errors.notFound, 'No such member in this account');
  return { roles, current };
}

/** Refuses to take manage rights from a member when nobody else in the account would keep them. */
async function keepAManager(db: AnyDb, accountId: string, userId: string, currentRole: RoleRecord | undefined): Promise<void> {
  if (currentRole !== undefined && canManage(currentRole) && (await countManagers(db, accountId, { userId })) === 0) {
    throw new AppError(Errors.lastOwner);
  }
}
