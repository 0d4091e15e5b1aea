import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { paged } from '../../schema/kit.js';
import { AppError, Errors } from '../../errors/errors.js';
import type { PlatformDeps } from '../index.js';
import { provisionNewSite, setUpAccountPlugins } from '../../plugins/account-setup.js';
import { createPlatformAccount, getAccount, listAccounts, updatePlatformAccount } from '../account-service.js';
import {
  AccountList,
  AccountListQuery,
  CreateAccountBody,
  CreatedAccount,
  IdParams,
  LIST_LIMIT,
  PlatformAccountSchema,
  UpdateAccountBody,
} from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';
import { findPlan } from '../../plans/catalogue.js';
import { welcomeMail } from '../../signup/welcome-mail.js';

const tags = ['platform'];

/** /dashboard/accounts: every account, creating one for an owner, plan, add-ons and suspension. */
export async function accountRoutes(server: FastifyInstance, deps: PlatformDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/accounts',
    {
      config: PLATFORM_ADMIN,
      schema: { tags, summary: 'Accounts with their plan, effective features and member count', querystring: AccountListQuery, response: { 200: AccountList } },
    },
    async (request) => request.ctx.withSystem('platform: list accounts', (db) => listAccounts(db, deps.catalogue, paged(request.query, LIST_LIMIT))),
  );

  app.post(
    '/api/platform/accounts',
    {
      config: PLATFORM_ADMIN,
      schema: { tags, summary: 'Create an account with its default roles and owner', body: CreateAccountBody, response: { 201: CreatedAccount } },
    },
    async (request, reply) => {
      const body = request.body;
      const result = await request.ctx.withSystem(`platform: create account ${body.slug}`, async (db) => {
        const created = await createPlatformAccount(
          db,
          deps.plugins.map((p) => p.manifest),
          {
            slug: body.slug,
            name: body.name,
            plan: body.plan,
            ownerEmail: body.owner_email,
            ownerName: body.owner_name,
            features: deps.catalogue.startingSwitches(body.plan),
          },
        );
        const account = await getAccount(db, deps.catalogue, created.accountId);
        return { created, account };
      });
      const { created } = result;
      // The host may have been looked up (and remembered as unknown) before the account existed.
      request.ctx.afterCommit(() => deps.invalidateAccount(created.accountId));
      request.ctx.afterCommit(() => deps.invalidateMember(created.accountId, created.userId));
      // The plugins behind the features it starts with set it up and add their starting content (a
      // school's, as the starter pages), in its own tenancy, once it exists.
      const starting = { template: 'school' as const, ownerId: created.userId, siteName: result.account.name };
      request.ctx.afterCommit(async () => {
        const ran = await provisionNewSite(deps.inAccount, deps.plugins, created.accountId, starting, request.log);
        if (ran) await deps.invalidateMembers(created.accountId);
      });
      // The owner hears of their new site (from its own outbox, once the account is committed).
      const { account } = result;
      request.ctx.afterCommit(() =>
        deps.mail.send(
          welcomeMail({
            accountId: account.id,
            to: created.email,
            ownerName: body.owner_name ?? '',
            siteName: account.name,
            origin: deps.originOf({ slug: account.slug, customDomain: null }),
            planLabel: findPlan(account.plan)?.label ?? account.plan,
            existingUser: !created.newUser,
          }),
        ),
      );
      reply.code(201);
      return { account: result.account, owner: { user_id: created.userId, email: created.email, new_user: created.newUser } };
    },
  );

  app.put(
    '/api/platform/accounts/:id',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags,
        summary: 'Rename an account, change its plan or add-ons, or suspend it',
        params: IdParams,
        body: UpdateAccountBody,
        response: { 200: PlatformAccountSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const account = await request.ctx.withSystem(`platform: update account ${id}`, async (db) => {
        if (!(await updatePlatformAccount(db, deps.catalogue, id, request.body))) throw new AppError(Errors.accountNotFound, 'No such account');
        return getAccount(db, deps.catalogue, id);
      });
      request.ctx.afterCommit(() => deps.invalidateAccount(id));
      if (request.body.features !== undefined || request.body.plan !== undefined) {
        // The plugins behind newly effective features set the account up, as an owner's own switch
        // does; in the account's tenancy, once the change is committed and the cache forgotten.
        request.ctx.afterCommit(async () => {
          const ran = await deps.inAccount(id, (scope) => setUpAccountPlugins(scope, deps.plugins, scope.account.features));
          if (ran) await deps.invalidateMembers(id);
        });
      }
      return account;
    },
  );
}
