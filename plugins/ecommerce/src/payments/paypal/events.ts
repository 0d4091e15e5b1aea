import { currencyDigits } from '@lectern/sdk';
import { shopDb } from '../../db/tables.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findOrder, findProviderOrder } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { fromPaypalValue } from './amounts.js';
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
  amount?: PaypalMoney;
  links?: Array<{ href?: string; rel?: string }>;
  seller_payable_breakdown?: { total_refunded_amount?: PaypalMoney };
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
 * What a verified PayPal event changes. A completed capture pays the order named by its custom_id
 * (the return route usually got there first: markPaid is conditional); a denied capture fails a
 * pending order; a refund refunds it. Other events are acknowledged and ignored.
 */
export async function applyPaypalEvent(scope: ShopScope, lifecycle: OrderLifecycle, event: PaypalEvent): Promise<void> {
  const resource = event.resource ?? {};
  switch (event.event_type) {
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
    default:
      return;
  }
}
