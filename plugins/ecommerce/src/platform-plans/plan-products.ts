import { findPlan, priceOf, type BillingInterval, type DbHandle } from '@lectern/sdk';
import { shopDb, type DurationParameter } from '../db/tables.js';
import type { ProductRow } from '../products/store.js';
import type { ShopCurrency } from '../shop-currency.js';

const INTERVAL_WORDS: Record<BillingInterval, string> = { month: 'monthly', year: 'yearly', once: 'one-time' };

/**
 * The platform shop's product selling `plan` per `interval` at the price charged through `provider`
 * (the catalogue's prices are the same at every provider but for Starter's one-time price, Razorpay's alone). Made from the kernel's plan catalogue
 * the first time it is bought, as a draft (plans are sold from sites' billing pages and the
 * provider's pricing, not listed in the platform's shop); a super-admin may change its price there
 * afterwards, and that price is the one charged.
 */
export async function planProduct(
  anyDb: DbHandle,
  accountId: string,
  planId: string,
  interval: BillingInterval,
  provider: string,
  currency: ShopCurrency,
): Promise<ProductRow | undefined> {
  const db = shopDb(anyDb);
  const plan = findPlan(planId);
  const amount = priceOf(planId, interval, provider);
  if (plan === undefined || amount === undefined) return undefined;
  const parameter: DurationParameter | null = interval === 'once' ? null : interval;
  let query = db.selectFrom('ecommerce_products').selectAll().where('account_id', '=', accountId).where('platform_plan', '=', plan.id);
  query =
    parameter === null ? query.where('price_type', '=', 'onetime') : query.where('price_type', '=', 'subscription').where('duration_parameter', '=', parameter);
  const existing = await query.orderBy('created_at').limit(1).executeTakeFirst();
  if (existing !== undefined) return existing;
  return db
    .insertInto('ecommerce_products')
    .values({
      account_id: accountId,
      title: `${plan.label} plan (${INTERVAL_WORDS[interval]})`,
      description: plan.description,
      status: 'draft',
      price_type: parameter === null ? 'onetime' : 'subscription',
      amount: Math.round(amount * 10 ** currency.digits),
      duration_value: parameter === null ? null : 1,
      duration_parameter: parameter,
      cross_ids: JSON.stringify([]),
      course_id: null,
      membership_id: null,
      platform_plan: plan.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
