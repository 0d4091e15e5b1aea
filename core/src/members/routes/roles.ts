import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { AppError, Errors } from '../../errors/errors.js';
import type { PluginManifest } from '../../plugins/manifest.js';
import { invalidCapabilities, listCapabilities, MANAGE_CAPABILITY } from '../capabilities.js';
import { canManage, countManagers, countRoleMembers, getRole, listRoles, lockRoles, type RoleView } from '../role-store.js';
import type { MemberRouteDeps } from './index.js';
import { NewRoleBody, Role, RoleChangesBody, RoleList, Status, Uuid } from './schemas.js';

const RoleParams = Type.Object({ id: Uuid });

function manifestsOf(request: FastifyRequest): PluginManifest[] {
  return request.server.kernel.plugins.plugins.map((p) => p.manifest);
}

/** The capabilities as the role will store them: trimmed of duplicates, refused when malformed. */
function checkedCaps(request: FastifyRequest, caps: readonly string[]): string[] {
  const unique = [...new Set(caps)];
  const known = new Set(listCapabilities(manifestsOf(request)).map((c) => c.name));
  const bad = invalidCapabilities(unique, known);
  if (bad.length > 0) {
    throw new AppError(
      Errors.validation,
      `Not a capability: ${bad.join(', ')}`,
      bad.map((cap) => ({ in: 'body', path: '/caps', message: `"${cap}" is not a capability name` })),
    );
  }
  return unique;
}

/** GET/POST/PUT/DELETE /api/account/roles: the account's roles and their capabilities. */
export async function roleRoutes(server: FastifyInstance, deps: MemberRouteDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/account/roles',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "List the account's roles with how many members hold each",
        response: { 200: RoleList },
      },
    },
    async (request) => ({ roles: await listRoles(request.ctx.db, request.ctx.account.id) }),
  );

  app.post(
    '/api/account/roles',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Create a role',
        body: NewRoleBody,
        response: { 201: Role },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const { slug, is_default: isDefault = false } = request.body;
      const caps = checkedCaps(request, request.body.caps);
      const roles = await lockRoles(ctx.db, accountId);
      if ([...roles.values()].some((r) => r.slug === slug)) throw new AppError(Errors.conflict, `A role with the slug "${slug}" already exists`);
      if (isDefault) await ctx.db.updateTable('roles').set({ is_default: false }).where('account_id', '=', accountId).where('is_default', '=', true).execute();
      const row = await ctx.db
        .insertInto('roles')
        .values({ account_id: accountId, slug, name: request.body.name.trim(), caps: JSON.stringify(caps), is_default: isDefault })
        .returning('id')
        .executeTakeFirstOrThrow();
      ctx.afterCommit(() => deps.members.invalidate(accountId));
      reply.code(201);
      return (await getRole(ctx.db, accountId, row.id as string)) as RoleView;
    },
  );

  app.put(
    '/api/account/roles/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Rename a role, change its capabilities or make it the default',
        params: RoleParams,
        body: RoleChangesBody,
        response: { 200: Role },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const { id } = request.params;
      const changes = request.body;
      // Unknown properties (a slug, say) are stripped by validation; a body left with nothing to change is an error.
      if (changes.name === undefined && changes.caps === undefined && changes.is_default === undefined) {
        throw new AppError(Errors.validation, 'Give name, caps or is_default to change');
      }
      const caps = changes.caps === undefined ? undefined : checkedCaps(request, changes.caps);
      const roles = await lockRoles(ctx.db, accountId);
      const role = roles.get(id);
      if (role === undefined) throw new AppError(Errors.notFound, 'No such role in this account');

      if (caps !== undefined && canManage(role) && !caps.includes(MANAGE_CAPABILITY)) {
        // Taking manage_options away is refused only when it would leave nobody to manage the account.
        const holders = await countRoleMembers(ctx.db, accountId, id);
        if (holders > 0 && (await countManagers(ctx.db, accountId, { roleId: id })) === 0) throw new AppError(Errors.lastOwner);
      }
      if (changes.is_default === false && role.is_default) {
        throw new AppError(Errors.conflict, 'The account needs a default role for new members; make another role the default instead');
      }
      if (changes.is_default === true && !role.is_default) {
        await ctx.db.updateTable('roles').set({ is_default: false }).where('account_id', '=', accountId).where('is_default', '=', true).execute();
      }
      const set: Record<string, unknown> = {};
      if (changes.name !== undefined) set.name = changes.name.trim();
      if (caps !== undefined) set.caps = JSON.stringify(caps);
      if (changes.is_default === true) set.is_default = true;
      if (Object.keys(set).length > 0) {
        await ctx.db.updateTable('roles').set(set).where('account_id', '=', accountId).where('id', '=', id).execute();
        ctx.afterCommit(() => deps.members.invalidate(accountId));
      }
      return (await getRole(ctx.db, accountId, id)) as RoleView;
    },
  );

  app.delete(
    '/api/account/roles/:id',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Delete a role nobody holds',
        description: 'Refused (409) while members hold the role or while it is the default role.',
        params: RoleParams,
        response: { 200: Status },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const accountId = ctx.account.id;
      const { id } = request.params;
      const roles = await lockRoles(ctx.db, accountId);
      const role = roles.get(id);
      if (role === undefined) throw new AppError(Errors.notFound, 'No such role in this account');
      if (role.is_default) throw new AppError(Errors.conflict, 'The default role cannot be deleted; make another role the default first');
      const holders = await countRoleMembers(ctx.db, accountId, id);
      if (holders > 0) {
        throw new AppError(Errors.conflict, `${holders} member${holders === 1 ? ' still has' : 's still have'} this role; give them another role first`);
      }
      await ctx.db.deleteFrom('roles').where('account_id', '=', accountId).where('id', '=', id).execute();
      ctx.afterCommit(() => deps.members.invalidate(accountId));
      return { status: true };
    },
  );
}
