import type { PluginContext } from '@lectern/sdk';
import type { ShopScope } from './scope.js';

/** The hook every shop trigger goes through once its transaction has committed (automations listen here). */
export const TRIGGER_HOOK = 'automation.trigger';

export type ShopTrigger = 'payment_success' | 'subscription_started' | 'subscription_ended' | 'membership_subscribed' | 'membership_ended' | 'cart_abandoned';

/** Raises a SPEC §9 trigger after the scope's transaction commits (never for rolled-back work). */
export function raise(ctx: PluginContext, scope: ShopScope, trigger: ShopTrigger, payload: Record<string, unknown>): void {
  const hookScope = { accountId: scope.accountId, features: scope.features };
  scope.afterCommit(() => ctx.hooks.doAction(TRIGGER_HOOK, { ...payload, trigger, accountId: scope.accountId }, hookScope));
}
