import type { PluginContext } from '@lectern/sdk';
import { grantMembership, revokeMembership } from '../triggers.js';
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
