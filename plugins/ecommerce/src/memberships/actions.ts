import type { HookScope, PluginApp, PluginContext } from '@lectern/sdk';
import type { ShopScope } from '../scope.js';
import type { Memberships } from './service.js';
import { isUuid } from '../uuid.js';

/** The automation's input, or null when an id is missing or it names another account than the hook's. */
function actionInput(payload: unknown, scope: HookScope): { accountId: string; userId: string; membershipId: string } | null {
  const { accountId, userId, membershipId } = (payload ?? {}) as Record<string, unknown>;
  if (scope.accountId === null || (accountId !== undefined && accountId !== scope.accountId)) return null;
  return typeof userId === 'string' && isUuid(userId) && typeof membershipId === 'string' && isUuid(membershipId)
    ? { accountId: scope.accountId, userId, membershipId }
    : null;
}

/** The site's address outside a request (for the emails a membership's course enrolments send). */
function siteOrigin(app: PluginApp, ctx: PluginContext, account: { slug: string; customDomain: string | null }): string {
  const { publicScheme, port } = app.kernel.config;
  const host = account.customDomain ?? `${account.slug}.${ctx.platformDomain}`;
  const shownPort = publicScheme === 'http' && port !== 80 ? `:${port}` : '';
  return `${publicScheme}://${host}${shownPort}`;
}

/**
 * SPEC §9 actions grant_membership and revoke_membership (hooks automation.action.<key>), each in
 * its own transaction in the account's tenancy, then what it queued for after the commit.
 */
export function registerMembershipActions(app: PluginApp, ctx: PluginContext, memberships: Memberships): void {
  const run = async (accountId: string, work: (scope: ShopScope) => Promise<unknown>) => {
    const tasks: Array<() => void | Promise<void>> = [];
    await ctx.inAccount(accountId, ({ db, account }) =>
      work({
        db,
        accountId,
        features: account.features,
        afterCommit: (task) => void tasks.push(task),
        siteName: account.name,
        origin: siteOrigin(app, ctx, account),
      }),
    );
    for (const task of tasks) {
      try {
        await task();
      } catch (error) {
        ctx.log.error({ err: error, accountId }, 'membership automation follow-up failed');
      }
    }
  };
  for (const [key, grant] of [
    ['grant_membership', true],
    ['revoke_membership', false],
  ] as const) {
    ctx.hooks.addAction(`automation.action.${key}`, async (payload, scope) => {
      const input = actionInput(payload, scope);
      if (input === null) return ctx.log.warn({ payload }, `${key} needs a userId and a membershipId of the account it runs for`);
      await run(input.accountId, (shop) =>
        grant ? memberships.grant(shop, input.membershipId, input.userId, 'automation') : memberships.revoke(shop, input.membershipId, input.userId),
      );
    });
  }
}
