import { appError, type BillingInterval, type DbHandle, type PlanInvoice, type PlanSubscription, type PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { ShopErrors } from '../errors.js';
import { providerError } from '../payments/provider-error.js';
import { providerSettingsOf } from '../settings/providers.js';
import { billedByProvider, cancelAtProvider } from './provider-cancel.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The site's running plan subscription with what it sells, newest first. */
function runningPlan(anyDb: DbHandle, platformAccountId: string, siteId: string) {
  return shopDb(anyDb)
    .selectFrom('ecommerce_subscriptions as s')
    .innerJoin('ecommerce_orders as o', (join) => join.onRef('o.account_id', '=', 's.account_id').onRef('o.id', '=', 's.order_id'))
    .innerJoin('ecommerce_products as p', (join) => join.onRef('p.account_id', '=', 's.account_id').onRef('p.id', '=', 's.product_id'))
    .select([
      's.id',
      's.status',
      's.provider',
      's.provider_subscription_id',
      's.current_period_end',
      's.cancel_at_period_end',
      'p.platform_plan',
      'p.duration_parameter',
    ])
    .where('s.account_id', '=', platformAccountId)
    .where('o.billed_site_id', '=', siteId)
    .where('s.status', '!=', 'ended')
    .where('p.platform_plan', 'is not', null)
    .orderBy('s.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

type RunningPlan = NonNullable<Awaited<ReturnType<typeof runningPlan>>>;

function present(row: RunningPlan): PlanSubscription {
  return {
    plan: row.platform_plan as string,
    interval: (row.duration_parameter === 'year' ? 'year' : 'month') satisfies BillingInterval,
    provider: row.provider,
    status: row.status === 'past_due' ? 'past_due' : 'active',
    periodEnd: iso(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end,
  };
}

export async function currentPlan(anyDb: DbHandle, platformAccountId: string, siteId: string): Promise<PlanSubscription | null> {
  const row = await runningPlan(anyDb, platformAccountId, siteId);
  return row === undefined ? null : present(row);
}

/**
 * Cancels the site's plan at the end of the period paid for: the provider billing it is told first
 * (Stripe and Razorpay end it then and report it by webhook; PayPal stops it at once and its
 * cancellation event keeps the plan until the period's end); one billed here is simply not
 * renewed. Asked twice, it changes nothing more.
 */
export async function cancelPlan(ctx: PluginContext, anyDb: DbHandle, platformAccountId: string, siteId: string): Promise<PlanSubscription | null> {
  const row = await runningPlan(anyDb, platformAccountId, siteId);
  if (row === undefined) return null;
  if (row.cancel_at_period_end) return present(row);
  if (row.provider_subscription_id !== null && billedByProvider(row.provider)) {
    const settings = await providerSettingsOf(ctx.options, { db: anyDb, accountId: platformAccountId });
    try {
      await cancelAtProvider(ctx, settings, { provider: row.provider, providerSubscriptionId: row.provider_subscription_id }, 'period_end');
    } catch (error) {
      ctx.log.error(
        { providerError: providerError(error), provider: row.provider, subscription: row.provider_subscription_id },
        'The provider refused to cancel a plan at the period end',
      );
      throw appError(ShopErrors.providerFailed);
    }
  }
  await shopDb(anyDb)
    .updateTable('ecommerce_subscriptions')
    .set({ cancel_at_period_end: true })
    .where('account_id', '=', platformAccountId)
    .where('id', '=', row.id)
    .execute();
  return present({ ...row, cancel_at_period_end: true });
}

/** The payments for the site's plans (first payments and renewals alike), newest first. */
export async function planInvoices(anyDb: DbHandle, platformAccountId: string, siteId: string, limit: number, invoiceId?: string): Promise<PlanInvoice[]> {
  let query = shopDb(anyDb)
    .selectFrom('ecommerce_payments as pay')
    .innerJoin('ecommerce_orders as o', (join) => join.onRef('o.account_id', '=', 'pay.account_id').onRef('o.id', '=', 'pay.order_id'))
    .select(['pay.id', 'o.order_id', 'pay.created_at', 'pay.amount', 'pay.currency', 'pay.provider', 'o.items', 'o.refunded_amount'])
    .where('pay.account_id', '=', platformAccountId)
    .where('o.billed_site_id', '=', siteId)
    .where('pay.kind', '=', 'payment');
  if (invoiceId !== undefined) query = query.where('pay.id', '=', invoiceId);
  const rows = await query.orderBy('pay.created_at', 'desc').orderBy('pay.id').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    orderNumber: row.order_id,
    paidAt: new Date(row.created_at).toISOString(),
    amount: Number(row.amount),
    currency: row.currency,
    provider: row.provider,
    description: row.items.map((line) => line.title).join(', '),
    refunded: Number(row.refunded_amount),
  }));
}
