import { paged, Type, type PluginApp, type PluginContext } from '@lectern/sdk';
import { purgeSitePages } from '../purge.js';
import { MANAGE } from '../manifest.js';
import { requestScope } from '../scope.js';
import { checkLevelTargets } from './level-targets.js';
import type { Memberships } from './service.js';
import { Changed, Grants, IdParams, Level, LevelDeleted, LevelInput, MemberParams, NoBody, Paging } from './schemas.js';
import { deleteMembership, getMembership, listGrants, listMemberships, saveMembership } from './store.js';

const tags = ['ecommerce'];
const manage = { capability: MANAGE };
/** Membership levels (each granting courses and gating pages) and who holds them; members read their own. */
export async function membershipRoutes(app: PluginApp, plugin: PluginContext, memberships: Memberships): Promise<void> {
  app.get(
    '/memberships',
    { config: manage, schema: { tags, summary: 'Membership levels with their active member counts', response: { 200: Type.Array(Level) } } },
    async (request) => listMemberships(request.ctx.db, request.ctx.account.id),
  );

  app.post(
    '/memberships',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Create a membership level (400 membership_targets_unknown for ids of courses, pages or posts not on this site)',
        body: LevelInput,
        response: { 201: Level },
      },
    },
    async (request, reply) => {
      await checkLevelTargets(plugin, request.ctx.db, request.ctx.account.id, request.body);
      reply.code(201);
      purgeSitePages(plugin, request);
      return saveMembership(request.ctx.db, request.ctx.account.id, null, request.body);
    },
  );

  app.get(
    '/memberships/:id',
    { config: manage, schema: { tags, summary: 'A membership level', params: IdParams, response: { 200: Level } } },
    async (request) => getMembership(request.ctx.db, request.ctx.account.id, request.params.id),
  );

  app.put(
    '/memberships/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Replace a membership level (new courses apply to new grants; 400 membership_targets_unknown as for create)',
        params: IdParams,
        body: LevelInput,
        response: { 200: Level },
      },
    },
    async (request) => {
      await checkLevelTargets(plugin, request.ctx.db, request.ctx.account.id, request.body);
      purgeSitePages(plugin, request);
      return saveMembership(request.ctx.db, request.ctx.account.id, request.params.id, request.body);
    },
  );

  app.delete(
    '/memberships/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a membership level and its grants',
        params: IdParams,
        response: { 200: LevelDeleted },
      },
    },
    async (request) => {
      await deleteMembership(request.ctx.db, request.ctx.account.id, request.params.id);
      purgeSitePages(plugin, request);
      return { deleted: true };
    },
  );

  app.get(
    '/memberships/:id/members',
    { config: manage, schema: { tags, summary: "A level's members, newest first", params: IdParams, querystring: Paging, response: { 200: Grants } } },
    async (request) => {
      const { offset, limit } = paged(request.query);
      return listGrants(request.ctx.db, request.ctx.account.id, { membershipId: request.params.id }, offset, limit);
    },
  );

  app.put(
    '/memberships/:id/members/:userId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Grant the level to a member (and its courses)',
        params: MemberParams,
        body: NoBody,
        response: { 200: Changed },
      },
    },
    async (request) => {
      await getMembership(request.ctx.db, request.ctx.account.id, request.params.id);
      return { changed: await memberships.grant(requestScope(plugin, request), request.params.id, request.params.userId, 'manual') };
    },
  );

  app.delete(
    '/memberships/:id/members/:userId',
    { config: manage, schema: { tags, summary: "End a member's level (and the courses it gave them)", params: MemberParams, response: { 200: Changed } } },
    async (request) => ({ changed: await memberships.revoke(requestScope(plugin, request), request.params.id, request.params.userId) }),
  );

  app.get(
    '/my/memberships',
    { config: { capability: 'read' }, schema: { tags, summary: "The signed-in member's levels", querystring: Paging, response: { 200: Grants } } },
    async (request) => {
      const { offset, limit } = paged(request.query);
      return listGrants(request.ctx.db, request.ctx.account.id, { userId: request.ctx.userId as string }, offset, limit);
    },
  );
}
