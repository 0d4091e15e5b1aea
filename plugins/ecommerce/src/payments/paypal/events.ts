import { currencyDigits } from '@lectern/sdk';
import { shopDb } from '../../db/tables.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findOrder, findProviderOrder } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { fromPaypalValue } from './amounts.js';
import type { CaptureOutcome } from './capture.js';
import {
  paypalPaymentFailed,
  paypalSaleCompleted,
  paypalSaleRefunded,
  paypalSubscriptionStarted,
  paypalSubscriptionStopped,
  paypalSubscriptionSuspended,
  type PaypalSaleResource,
  type PaypalSubscriptionResource,
  type PaypalSubscriptionSource,
} from './subscription-events.js';
import { isUuid } from '../../uuid.js';

/** A PayPal webhook event as delivered (REST field names, snake_case); only what we read. */
export interface PaypalEvent {
  id: string;
  event_type: string;
  resource?: PaypalResource;
}

interface PaypalMoney {
  currency_code?: string;
  value?: string;
}

interface PaypalResource {
  id?: string;
  custom_id?: string;
  /** On CHECKOUT.ORDER.APPROVED: the PayPal order's units, ours named by custom_id. */
  purchase_units?: Array<{ custom_id?: string }>;
  amount?: PaypalMoney;
  links?: Array<{ href?: string; rel?: string }>;
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
}

/** What handling PayPal's events asks of PayPal itself: capturing an approved order, reading a subscription. */
export interface PaypalApi extends PaypalSubscriptionSource {
  capture(paypalOrderId: string, orderId: string): Promise<CaptureOutcome>;
}

/** Our order named by a capture's custom_id (set when the PayPal order was created). */
async function orderOfCapture(scope: ShopScope, capture: PaypalResource) {
  const orderId = capture.custom_id ?? '';
  return isUuid(orderId) ? findProviderOrder(scope.db, scope.accountId, orderId, 'paypal') : undefined;
}

/** A refund's capture: its "up" link ends in /v2/payments/captures/{id}. */
function capturedBy(refund: PaypalResource): string | null {
  const up = refund.links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1] ?? null;
}

const minor = (money: PaypalMoney | undefined, currency: string): number | null =>
  money?.value === undefined || (money.currency_code ?? currency).toUpperCase() !== currency
    ? null
    : fromPaypalValue(money.value, currency, currencyDigits(currency));

/** A refund made in PayPal (or by us: then nothing is left to record) refunds the order. */
async function captureRefunded(scope: ShopScope, lifecycle: OrderLifecycle, refund: PaypalResource): Promise<void> {
  const captureId = capturedBy(refund);
  if (captureId === null || refund.id === undefined) return;
  const db = shopDb(scope.db);
  const payment = await db
    .selectFrom('ecommerce_payments')
    .select('order_id')
    .where('account_id', '=', scope.accountId)
    .where('provider', '=', 'paypal')
    .where('kind', '=', 'payment')
    .where('provider_payment_id', '=', captureId)
    .executeTakeFirst();
  const order = payment === undefined ? undefined : await findOrder(scope.db, scope.accountId, payment.order_id, { lock: true });
  if (order === undefined || order.status !== 'paid') return;
  // The capture's refunded total when PayPal gives it (a refund we made is then already counted);
  // otherwise this refund's amount, unless it is one we recorded ourselves.
  const total = minor(refund.seller_payable_breakdown?.total_refunded_amount, order.currency);
  let more: number;
  if (total !== null) {
    more = Math.min(total, Number(order.total_amount)) - Number(order.refunded_amount);
  } else {
    const recorded = await db
      .selectFrom('ecommerce_payments')
      .select('id')
      .where('account_id', '=', scope.accountId)
      .where('provider', '=', 'paypal')
      .where('kind', '=', 'refund')
      .where('provider_payment_id', '=', refund.id)
      .executeTakeFirst();
    more = recorded === undefined ? Math.min(minor(refund.amount, order.currency) ?? 0, Number(order.total_amount) - Number(order.refunded_amount)) : 0;
  }
  if (more > 0) await lifecycle.refund(scope, order, more, total === null ? refund.id : `${captureId}:${total}`);
}

/**
 * The buyer approved a PayPal order: it is captured here and the order paid, whether or not the
 * buyer comes back through the return route (a closed tab; a plan bought from a site's dashboard,
 * whose buyer returns to that dashboard, not to the platform's shop). The capture sends the same
 * PayPal-Request-Id as the return route's, so the two never capture twice.
 */
async function orderApproved(scope: ShopScope, lifecycle: OrderLifecycle, paypal: PaypalApi, resource: PaypalResource): Promise<void> {
  const orderId = resource.purchase_units?.[0]?.custom_id ?? '';
  const order = isUuid(orderId) ? await findProviderOrder(scope.db, scope.accountId, orderId, 'paypal') : undefined;
  if (order === undefined || resource.id === undefined || order.provider_ref !== resource.id || order.status !== 'pending') return;
  const outcome = await paypal.capture(resource.id, order.id);
  if (outcome.status === 'completed') await lifecycle.markPaid(scope, order, { provider: 'paypal', providerPaymentId: outcome.captureId });
}

/**
 * What a verified PayPal event changes. An approved order is captured; a completed capture pays the
 * order named by its custom_id (the return route usually got there first: markPaid is conditional);
 * a denied capture fails a pending order; a refund refunds it. A subscription (the platform's plans)
 * starts when activated, renews with each sale, is past due while a failed payment is retried,
 * runs to its period's end when cancelled or expired, and ends when suspended. Other events are
 * acknowledged and ignored.
 */
export async function applyPaypalEvent(scope: ShopScope, lifecycle: OrderLifecycle, event: PaypalEvent, paypal: PaypalApi): Promise<void> {
  const resource = event.resource ?? {};
  const subscription = resource as PaypalSubscriptionResource;
  const sale = resource as PaypalSaleResource;
  switch (event.event_type) {
    case 'CHECKOUT.ORDER.APPROVED':
      await orderApproved(scope, lifecycle, paypal, resource);
      return;
    case 'PAYMENT.CAPTURE.COMPLETED': {
      const order = await orderOfCapture(scope, resource);
      if (order !== undefined && resource.id !== undefined) await lifecycle.markPaid(scope, order, { provider: 'paypal', providerPaymentId: resource.id });
      return;
    }
    case 'PAYMENT.CAPTURE.DENIED': {
      const order = await orderOfCapture(scope, resource);
      if (order !== undefined) await lifecycle.close(scope, order, 'failed');
      return;
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
      await captureRefunded(scope, lifecycle, resource);
      return;
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
      await paypalSubscriptionStarted(scope, lifecycle, subscription);
      return;
    case 'PAYMENT.SALE.COMPLETED':
      await paypalSaleCompleted(scope, lifecycle, paypal, sale);
      return;
    case 'PAYMENT.SALE.REFUNDED':
      await paypalSaleRefunded(scope, lifecycle, sale);
      return;
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED':
      await paypalPaymentFailed(scope, lifecycle, subscription);
      return;
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.EXPIRED':
      await paypalSubscriptionStopped(scope, lifecycle, subscription);
      return;
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
      await paypalSubscriptionSuspended(scope, lifecycle, subscription);
      return;
    default:
      return;
  }
}
