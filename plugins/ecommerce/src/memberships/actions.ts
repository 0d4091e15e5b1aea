import type { PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { grantMembership, membershipLevel, revokeMembership, subscriptionStatus } from '../triggers.js';
import type { Memberships } from './service.js';

/**
 * SPEC §9 actions grant_membership and revoke_membership, run by the automation engine in a job's
 * transaction of the account; its scope carries the site's name and address the courses a level
 * gives need for their emails. They act on the event's member.
 */
export function registerMembershipActions(ctx: PluginContext, memberships: Memberships): void {
  for (const [definition, grant] of [
    [grantMembership, true],
    [revokeMembership, false],
  ] as const) {
    ctx.automation.action(definition, async ({ membershipId }, scope) => {
      const userId = scope.event.userId;
      if (userId === null) return { skipped: 'the event names no member' };
      const changed = grant ? await memberships.grant(scope, membershipId, userId, 'automation') : await memberships.revoke(scope, membershipId, userId);
      if (!changed) return { skipped: grant ? 'the member already has the level, or it does not exist' : 'the member does not have the level' };
    });
  }
}

/** SPEC §9 conditions subscription_status and membership_level, about the event's member. */
export function registerShopConditions(ctx: PluginContext): void {
  ctx.automation.condition(subscriptionStatus, async ({ productId, statuses }, { event, db }) => {
    if (event.userId === null) return false;
    let query = shopDb(db).selectFrom('ecommerce_subscriptions').select('status').where('account_id', '=', event.accountId).where('user_id', '=', event.userId);
    if (productId !== undefined) query = query.where('product_id', '=', productId);
    const held = (await query.execute()).map((row) => row.status as string);
    return held.length === 0 ? statuses.includes('none') : held.some((status) => statuses.includes(status as (typeof statuses)[number]));
  });
  ctx.automation.condition(membershipLevel, async ({ membershipId }, { event, db }) => {
    if (event.userId === null) return false;
    const grant = await shopDb(db)
      .selectFrom('ecommerce_member_memberships')
      .select('status')
      .where('account_id', '=', event.accountId)
      .where('membership_id', '=', membershipId)
      .where('user_id', '=', event.userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return grant !== undefined;
  });
}
