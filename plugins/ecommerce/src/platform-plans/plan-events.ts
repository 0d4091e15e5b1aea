import { PlatformBillingToken, type PlatformBilling, type PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import type { ShopScope } from '../scope.js';

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

  async failed(scope: ShopScope, orderId: string): Promise<void> {
    const billing = this.billing();
    const siteId = billing === undefined ? null : await this.siteOf(scope, orderId);
    if (billing !== undefined && siteId !== null) scope.afterCommit(() => billing.planPaymentFailed({ siteId }));
  }

  async ended(scope: ShopScope, orderId: string): Promise<void> {
    const billing = this.billing();
    const siteId = billing === undefined ? null : await this.siteOf(scope, orderId);
    if (billing !== undefined && siteId !== null) scope.afterCommit(() => billing.planEnded({ siteId }));
  }
}
