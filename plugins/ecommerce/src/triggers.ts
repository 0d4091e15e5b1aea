import { defineAction, defineCondition, defineTrigger, Type, Uuid, type PluginContext } from '@lectern/sdk';
import type { ShopScope } from './scope.js';

/**
 * SPEC §9: the triggers the shop raises and the actions it answers, as the kernel's automation
 * engine declares them (listed in the manifest; the actions' code in memberships/actions.ts). The
 * member a trigger is about is the event's user, not part of its payload.
 */
const Subscription = Type.Object({ productId: Uuid, subscriptionId: Uuid }, { additionalProperties: false });
const Membership = Type.Object({ membershipId: Uuid }, { additionalProperties: false });

export const SHOP_TRIGGERS = [
  defineTrigger(
    'payment_success',
    Type.Object(
      { orderId: Type.Union([Type.String({ minLength: 1 }), Type.Null()]), amount: Type.Integer(), currency: Type.String({ minLength: 3, maxLength: 3 }) },
      { additionalProperties: false },
    ),
  ),
  defineTrigger('subscription_started', Subscription),
  defineTrigger('subscription_ended', Subscription),
  defineTrigger('membership_subscribed', Membership),
  defineTrigger('membership_ended', Membership),
  defineTrigger('cart_abandoned', Type.Object({ email: Type.String({ minLength: 1 }), productIds: Type.Array(Uuid) }, { additionalProperties: false })),
];

/** Gives (or ends) the membership level the automation names to the event's member. */
export const grantMembership = defineAction('grant_membership', Membership);
export const revokeMembership = defineAction('revoke_membership', Membership);
export const SHOP_ACTIONS = [grantMembership, revokeMembership];

/**
 * The member has a subscription (to the product named, else any) in one of the statuses: active,
 * past_due (a payment failed, still running) or ended; `none` holds for a member without one.
 */
export const subscriptionStatus = defineCondition(
  'subscription_status',
  Type.Object(
    {
      productId: Type.Optional(Uuid),
      statuses: Type.Array(Type.Union([Type.Literal('active'), Type.Literal('past_due'), Type.Literal('ended'), Type.Literal('none')]), {
        minItems: 1,
        maxItems: 4,
      }),
    },
    { additionalProperties: false },
  ),
);
/** The member holds the membership level now. */
export const membershipLevel = defineCondition('membership_level', Membership);
export const SHOP_CONDITIONS = [subscriptionStatus, membershipLevel];

export type ShopTrigger = 'payment_success' | 'subscription_started' | 'subscription_ended' | 'membership_subscribed' | 'membership_ended' | 'cart_abandoned';

/**
 * Raises a SPEC §9 trigger: the event is recorded in the scope's transaction (never for rolled-back
 * work) and its automations run after the commit. `userId` is the member it is about.
 */
export async function raise(ctx: PluginContext, scope: ShopScope, trigger: ShopTrigger, payload: Record<string, unknown>): Promise<void> {
  const { userId, ...rest } = payload;
  await ctx.automation.raise(scope, trigger, { userId: typeof userId === 'string' ? userId : null, payload: rest });
}
