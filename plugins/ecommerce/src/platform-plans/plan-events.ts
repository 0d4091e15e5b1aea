import { PlatformBillingToken, sql, type PlatformBilling, type PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { providerError } from '../payments/provider-error.js';
import { providerSettingsOf } from '../settings/providers.js';
import type { ShopScope } from '../scope.js';
import { cancelAtProvider } from './provider-cancel.js';

/** The plan subscriptions still running for the site, other than the one `exceptOrderId` started. */
function runningPlansOfSite(scope: ShopScope, siteId: string, exceptOrderId: string) {
  return shopDb(scope.db)
    .selectFrom('ecommerce_subscriptions as s')
    .innerJoin('ecommerce_orders as o', (join) => join.onRef('o.account_id', '=', 's.account_id').onRef('o.id', '=', 's.order_id'))
    .where('s.account_id', '=', scope.accountId)
    .where('o.billed_site_id', '=', siteId)
    .where('s.order_id', '!=', exceptOrderId)
    .where('s.status', '!=', 'ended');
}

/**
 * What the platform's shop tells the kernel when an order for a plan is paid, renews, fails or
 * ends (billing/contract.ts in the kernel). The kernel changes the site the order pays for after
 * this shop's transaction committed; its changes are plain writes, so telling it twice is harmless.
 * Orders of every other shop name no site, and these are no-ops there.
 */
export class PlanEvents {
  constructor(private readonly ctx: PluginContext) {}

  private billing(): PlatformBilling | undefined {
    return this.ctx.resolveOptional(PlatformBillingToken);
  }

  /** The site a plan's order pays for, or null for any other order. */
  private async siteOf(scope: ShopScope, orderId: string): Promise<string | null> {
    const row = await shopDb(scope.db)
      .selectFrom('ecommerce_orders')
      .select('billed_site_id')
      .where('account_id', '=', scope.accountId)
      .where('id', '=', orderId)
      .executeTakeFirst();
    return row?.billed_site_id ?? null;
  }

  /** A plan's order was paid (or its trial started with a card on file): the site runs on the plan. */
  started(scope: ShopScope, input: { siteId: string | null; plan: string | null; paidUntil: Date | null; trialing: boolean }): void {
    const billing = this.billing();
    const { siteId, plan } = input;
    if (billing === undefined || siteId === null || plan === null) return;
    scope.afterCommit(() => billing.planStarted({ siteId, plan, paidUntil: input.paidUntil, trialing: input.trialing }));
  }

  async renewed(scope: ShopScope, orderId: string, paidUntil: Date | null): Promise<void> {
    const billing = this.billing();
    const siteId = billing === undefined ? null : await this.siteOf(scope, orderId);
    if (billing !== undefined && siteId !== null) scope.afterCommit(() => billing.planRenewed({ siteId, paidUntil }));
  }

  /** A plan's renewal was billed here (an offline plan): its owners are told what to pay, how, and by when. */
  async renewalDue(scope: ShopScope, input: { siteId: string | null; orderNumber: string; amount: number; currency: string; dueBy: Date }): Promise<void> {
    const billing = this.billing();
    const siteId = input.siteId;
    if (billing === undefined || siteId === null) return;
    const settings = await providerSettingsOf(this.ctx.options, scope);
    const due = { siteId, orderNumber: input.orderNumber, amount: input.amount, currency: input.currency, dueBy: input.dueBy };
    scope.afterCommit(() => billing.planRenewalDue({ ...due, instructions: settings.offline?.instructions ?? '' }));
  }

  async failed(scope: ShopScope, orderId: string): Promise<void> {
    const billing = this.billing();
    const siteId = billing === undefined ? null : await this.siteOf(scope, orderId);
    if (billing !== undefined && siteId !== null) scope.afterCommit(() => billing.planPaymentFailed({ siteId }));
  }

  /**
   * A plan's subscription (or a one-time plan, refunded) ended. The site lapses only when nothing
   * else pays for it: a plan replaced by another one (an upgrade or a downgrade) ends quietly.
   */
  async ended(scope: ShopScope, orderId: string): Promise<void> {
    const billing = this.billing();
    const siteId = billing === undefined ? null : await this.siteOf(scope, orderId);
    if (billing === undefined || siteId === null) return;
    if (await this.otherPlan(scope, siteId, orderId)) return;
    scope.afterCommit(() => billing.planEnded({ siteId }));
  }

  /** Whether another order than `orderId` pays for the site: a running subscription, or a paid one-time plan. */
  private async otherPlan(scope: ShopScope, siteId: string, orderId: string): Promise<boolean> {
    const running = await runningPlansOfSite(scope, siteId, orderId).select('s.id').executeTakeFirst();
    if (running !== undefined) return true;
    const onetime = await shopDb(scope.db)
      .selectFrom('ecommerce_orders')
      .select('id')
      .where('account_id', '=', scope.accountId)
      .where('billed_site_id', '=', siteId)
      .where('id', '!=', orderId)
      .where('status', '=', 'paid')
      .where(sql<boolean>`NOT (items @> '[{"type": "subscription"}]'::jsonb)`)
      .executeTakeFirst();
    return onetime !== undefined;
  }

  /**
   * The site's earlier plans, which a newly paid one replaces (an upgrade or a downgrade): each still
   * running is ended here at once, and one a provider bills is cancelled there after the commit
   * (Stripe prorates the unused time and credits it on a final invoice; Razorpay and PayPal prorate nothing);
   * the provider's own "ended" event then finds it ended, and the site stays on the new plan.
   */
  async replace(scope: ShopScope, siteId: string | null, newOrderId: string): Promise<void> {
    const atProviders = await this.endEarlier(scope, siteId, newOrderId);
    if (atProviders.length === 0) return;
    const settings = await providerSettingsOf(this.ctx.options, scope);
    scope.afterCommit(async () => {
      for (const row of atProviders) {
        try {
          await cancelAtProvider(this.ctx, settings, row, 'now');
        } catch (error) {
          // Ended here already: the platform's super-admin sees it still running at the provider and cancels it there.
          this.ctx.log.error(
            { providerError: providerError(error), provider: row.provider, subscription: row.providerSubscriptionId },
            'The provider refused to cancel a replaced plan',
          );
        }
      }
    });
  }

  private async endEarlier(scope: ShopScope, siteId: string | null, newOrderId: string): Promise<Array<{ provider: string; providerSubscriptionId: string }>> {
    if (siteId === null) return [];
    const earlier = await runningPlansOfSite(scope, siteId, newOrderId).select(['s.id', 's.provider', 's.provider_subscription_id']).execute();
    if (earlier.length === 0) return [];
    await shopDb(scope.db)
      .updateTable('ecommerce_subscriptions')
      .set({ status: 'ended', ended_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where(
        'id',
        'in',
        earlier.map((row) => row.id),
      )
      .execute();
    return earlier
      .filter((row) => row.provider_subscription_id !== null)
      .map((row) => ({ provider: row.provider, providerSubscriptionId: row.provider_subscription_id as string }));
  }
}
