import { currencyDigits } from '@lectern/sdk';
import { shopDb } from '../../db/tables.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findOrder, findProviderOrder, findProviderSubscription } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { isUuid } from '../../uuid.js';
import { fromPaypalValue } from './amounts.js';

/** A subscription as PayPal's webhooks and its API carry it (REST field names); only what we read. */
export interface PaypalSubscriptionResource {
  id?: string;
  custom_id?: string;
  status?: string;
  start_time?: string;
  billing_info?: { next_billing_time?: string };
}

/** A sale of the v1 payments API: how PayPal reports each charge of a subscription, and its refunds. */
export interface PaypalSaleResource {
  id?: string;
  /** The subscription the sale pays (I-…). */
  billing_agreement_id?: string;
  /** On a refund: the sale refunded. */
  sale_id?: string;
  amount?: { total?: string; currency?: string };
}

/** What the subscription events ask of PayPal itself: the subscription as it stands now (its next billing time). */
export interface PaypalSubscriptionSource {
  subscription(id: string): Promise<PaypalSubscriptionResource | null>;
}

const timeOf = (value: string | undefined): Date | undefined => {
  const at = value === undefined ? Number.NaN : Date.parse(value);
  return Number.isFinite(at) ? new Date(at) : undefined;
};

const subscriptionOf = (scope: ShopScope, providerId: string) => findProviderSubscription(scope.db, scope.accountId, 'paypal', providerId);

/**
 * The buyer approved the subscription and PayPal activated it: the order is paid with nothing taken
 * yet (as a trial with a payment method on file is), and its subscription runs to the next billing
 * time (the trial's end when it starts later). markPaid is conditional: a repeat changes nothing.
 */
export async function paypalSubscriptionStarted(scope: ShopScope, lifecycle: OrderLifecycle, resource: PaypalSubscriptionResource): Promise<void> {
  const orderId = resource.custom_id ?? '';
  if (resource.id === undefined || !isUuid(orderId)) return;
  const order = await findProviderOrder(scope.db, scope.accountId, orderId, 'paypal');
  if (order === undefined) return;
  const periodEnd = timeOf(resource.billing_info?.next_billing_time) ?? timeOf(resource.start_time);
  await lifecycle.markPaid(scope, order, {
    provider: 'paypal',
    providerPaymentId: resource.id,
    subscriptionId: resource.id,
    amount: 0,
    ...(periodEnd === undefined ? {} : { currentPeriodEnd: periodEnd }),
  });
}

/**
 * A charge of a subscription went through (PAYMENT.SALE.COMPLETED): one paid period, to the next
 * billing time PayPal now gives for the subscription (the sale does not carry it). A sale reported
 * before its subscription's activation starts the subscription first. Each sale is recorded once.
 */
export async function paypalSaleCompleted(
  scope: ShopScope,
  lifecycle: OrderLifecycle,
  paypal: PaypalSubscriptionSource,
  sale: PaypalSaleResource,
): Promise<void> {
  const agreement = sale.billing_agreement_id;
  const currency = (sale.amount?.currency ?? '').toUpperCase();
  const amount = sale.amount?.total === undefined || currency === '' ? null : fromPaypalValue(sale.amount.total, currency, currencyDigits(currency));
  if (agreement === undefined || sale.id === undefined || amount === null) return;
  const current = await paypal.subscription(agreement);
  if (current === null) return;
  let subscription = await subscriptionOf(scope, agreement);
  if (subscription === undefined) {
    await paypalSubscriptionStarted(scope, lifecycle, current);
    subscription = await subscriptionOf(scope, agreement);
  }
  const periodEnd = timeOf(current.billing_info?.next_billing_time);
  if (subscription === undefined || periodEnd === undefined) return;
  await lifecycle.renewed(scope, subscription, sale.id, amount, currency, periodEnd);
}

/** A charge failed and PayPal retries it: past due, and the owner is told (dunning). */
export async function paypalPaymentFailed(scope: ShopScope, lifecycle: OrderLifecycle, resource: PaypalSubscriptionResource): Promise<void> {
  const subscription = resource.id === undefined ? undefined : await subscriptionOf(scope, resource.id);
  if (subscription !== undefined) await lifecycle.paymentFailed(scope, subscription);
}

/**
 * PayPal stopped billing: cancelled (by its owner here or in PayPal: PayPal cancels at once) or
 * expired (it ran its cycles). What was paid for runs to the period's end.
 */
export async function paypalSubscriptionStopped(scope: ShopScope, lifecycle: OrderLifecycle, resource: PaypalSubscriptionResource): Promise<void> {
  const subscription = resource.id === undefined ? undefined : await subscriptionOf(scope, resource.id);
  if (subscription !== undefined) await lifecycle.stopAtPeriodEnd(scope, subscription);
}

/** Suspended after its failed payments ran out (or by hand in PayPal): it ends now, as nothing was paid for this period. */
export async function paypalSubscriptionSuspended(scope: ShopScope, lifecycle: OrderLifecycle, resource: PaypalSubscriptionResource): Promise<void> {
  const subscription = resource.id === undefined ? undefined : await subscriptionOf(scope, resource.id);
  if (subscription !== undefined) await lifecycle.endSubscription(scope, subscription);
}

/**
 * A subscription's charge was refunded in PayPal (PAYMENT.SALE.REFUNDED): the refund is recorded on
 * the subscription's order, once per refund id. A full refund of the order takes back what it gave.
 */
export async function paypalSaleRefunded(scope: ShopScope, lifecycle: OrderLifecycle, refund: PaypalSaleResource): Promise<void> {
  if (refund.id === undefined || refund.sale_id === undefined) return;
  const db = shopDb(scope.db);
  const recorded = (kind: 'payment' | 'refund', id: string) =>
    db
      .selectFrom('ecommerce_payments')
      .select('order_id')
      .where('account_id', '=', scope.accountId)
      .where('provider', '=', 'paypal')
      .where('kind', '=', kind)
      .where('provider_payment_id', '=', id)
      .executeTakeFirst();
  const sale = await recorded('payment', refund.sale_id);
  if (sale === undefined || (await recorded('refund', refund.id)) !== undefined) return;
  const order = await findOrder(scope.db, scope.accountId, sale.order_id, { lock: true });
  const currency = (refund.amount?.currency ?? '').toUpperCase();
  if (order === undefined || order.status !== 'paid' || currency !== order.currency || refund.amount?.total === undefined) return;
  const minor = fromPaypalValue(refund.amount.total.replace(/^-/, ''), currency, currencyDigits(currency));
  const left = Number(order.total_amount) - Number(order.refunded_amount);
  if (minor !== null && minor > 0 && left > 0) await lifecycle.refund(scope, order, Math.min(minor, left), refund.id);
}
