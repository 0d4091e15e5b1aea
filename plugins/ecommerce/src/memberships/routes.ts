import type { PluginApp, PluginContext } from '@lectern/sdk';
import { purgeSitePages } from '../purge.js';
import { MANAGE } from '../manifest.js';
import { requestScope } from '../scope.js';
import { checkLevelTargets } from './level-targets.js';
import type { Memberships } from './service.js';
import { deleteMembership, getMembership, listGrants, listMemberships, saveMembership, type MembershipInput } from './store.js';

const tags = ['ecommerce'];
const manage = { capability: MANAGE };
const Uuid = { type: 'string', format: 'uuid' } as const;
const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;
const MemberParams = { type: 'object', required: ['id', 'userId'], additionalProperties: false, properties: { id: Uuid, userId: Uuid } } as const;
const Paging = {
  type: 'object',
  additionalProperties: false,
  properties: { offset: { type: 'integer', minimum: 0, default: 0 }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
} as const;

const Level = {
  type: 'object',
  required: ['id', 'name', 'description', 'course_ids', 'content_ids', 'active_members', 'created_at'],
  additionalProperties: false,
  properties: {
    id: Uuid,
    name: { type: 'string' },
    description: { type: 'string' },
    course_ids: { type: 'array', items: Uuid },
    content_ids: { type: 'array', items: Uuid },
    active_members: { type: 'integer' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const LevelInput = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    description: { type: 'string', maxLength: 5000 },
    course_ids: { type: 'array', items: Uuid, maxItems: 200 },
    content_ids: { type: 'array', items: Uuid, maxItems: 500, description: 'Pages and posts only members may read' },
  },
} as const;

const Grant = {
  type: 'object',
  required: ['membership_id', 'user_id', 'name', 'email', 'status', 'source', 'order_id', 'started_at', 'ended_at'],
  additionalProperties: false,
  properties: {
    membership_id: Uuid,
    user_id: Uuid,
    name: { type: 'string' },
    email: { type: 'string' },
    status: { type: 'string', enum: ['active', 'ended'] },
    source: { type: 'string' },
    order_id: { anyOf: [Uuid, { type: 'null' }] },
    started_at: { type: 'string', format: 'date-time' },
    ended_at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] },
  },
} as const;
const Grants = {
  type: 'object',
  required: ['count', 'items'],
  additionalProperties: false,
  properties: { count: { type: 'integer' }, items: { type: 'array', items: Grant } },
} as const;
const Changed = { type: 'object', required: ['changed'], additionalProperties: false, properties: { changed: { type: 'boolean' } } } as const;

/** Membership levels (each granting courses and gating pages) and who holds them; members read their own. */
export async function membershipRoutes(app: PluginApp, plugin: PluginContext, memberships: Memberships): Promise<void> {
  app.get(
    '/memberships',
    { config: manage, schema: { tags, summary: 'Membership levels with their active member counts', response: { 200: { type: 'array', items: Level } } } },
    async (request) => listMemberships(request.ctx.db, request.ctx.account.id),
  );

  app.post<{ Body: MembershipInput }>(
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

  app.get<{ Params: { id: string } }>(
    '/memberships/:id',
    { config: manage, schema: { tags, summary: 'A membership level', params: IdParams, response: { 200: Level } } },
    async (request) => getMembership(request.ctx.db, request.ctx.account.id, request.params.id),
  );

  app.put<{ Params: { id: string }; Body: MembershipInput }>(
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

  app.delete<{ Params: { id: string } }>(
    '/memberships/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Delete a membership level and its grants',
        params: IdParams,
        response: { 200: { type: 'object', required: ['deleted'], properties: { deleted: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      await deleteMembership(request.ctx.db, request.ctx.account.id, request.params.id);
      purgeSitePages(plugin, request);
      return { deleted: true };
    },
  );

  app.get<{ Params: { id: string }; Querystring: { offset: number; limit: number } }>(
    '/memberships/:id/members',
    { config: manage, schema: { tags, summary: "A level's members, newest first", params: IdParams, querystring: Paging, response: { 200: Grants } } },
    async (request) => listGrants(request.ctx.db, request.ctx.account.id, { membershipId: request.params.id }, request.query.offset, request.query.limit),
  );

  app.put<{ Params: { id: string; userId: string } }>(
    '/memberships/:id/members/:userId',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Grant the level to a member (and its courses)',
        params: MemberParams,
        body: { type: 'object', additionalProperties: false },
        response: { 200: Changed },
      },
    },
    async (request) => {
      await getMembership(request.ctx.db, request.ctx.account.id, request.params.id);
      return { changed: await memberships.grant(requestScope(plugin, request), request.params.id, request.params.userId, 'manual') };
    },
  );

  app.delete<{ Params: { id: string; userId: string } }>(
    '/memberships/:id/members/:userId',
    { config: manage, schema: { tags, summary: "End a member's level (and the courses it gave them)", params: MemberParams, response: { 200: Changed } } },
    async (request) => ({ changed: await memberships.revoke(requestScope(plugin, request), request.params.id, request.params.userId) }),
  );

  app.get<{ Querystring: { offset: number; limit: number } }>(
    '/my/memberships',
    { config: { capability: 'read' }, schema: { tags, summary: "The signed-in member's levels", querystring: Paging, response: { 200: Grants } } },
    async (request) => listGrants(request.ctx.db, request.ctx.account.id, { userId: request.ctx.userId as string }, request.query.offset, request.query.limit),
  );
}
