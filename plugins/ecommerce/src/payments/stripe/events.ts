import type Stripe from 'stripe';
import { shopDb } from '../../db/tables.js';
import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findOrder, findProviderOrder, findProviderSubscription } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { fromStripeAmount } from './amounts.js';
import { isUuid } from '../../uuid.js';

const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);
async function orderOfSession(scope: ShopScope, session: Stripe.Checkout.Session) {
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? '';
  return isUuid(orderId) ? findProviderOrder(scope.db, scope.accountId, orderId, 'stripe') : undefined;
}

const subscriptionOf = (scope: ShopScope, providerId: string | null) => findProviderSubscription(scope.db, scope.accountId, 'stripe', providerId);

/** The subscription an invoice bills (its parent in current API versions, a top-level field in older ones). */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null }).parent;
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent?.subscription_details?.subscription ?? legacy ?? null);
}

/**
 * What a verified Stripe event changes. Checkout completion pays the order (and starts its
 * subscription); invoices renew or mark a subscription past due; a deleted subscription ends; a
 * refund made in Stripe's dashboard refunds the order. Other events are acknowledged and ignored.
 */
export async function applyStripeEvent(scope: ShopScope, lifecycle: OrderLifecycle, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.payment_status === 'unpaid') return;
      const order = await orderOfSession(scope, session);
      if (order === undefined) return;
      const subscription = idOf(session.subscription);
      await lifecycle.markPaid(scope, order, {
        provider: 'stripe',
        providerPaymentId: idOf(session.payment_intent) ?? idOf(session.invoice) ?? session.id,
        subscriptionId: subscription,
        // A subscription with a trial: the card is on file and nothing is charged until the trial ends.
        ...(session.payment_status === 'no_payment_required' && subscription !== null ? { amount: 0 } : {}),
      });
      return;
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const order = await orderOfSession(scope, event.data.object);
      if (order !== undefined) await lifecycle.close(scope, order, 'failed');
      return;
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      // The first invoice is the checkout's own payment; renewals come after it.
      if (invoice.billing_reason !== 'subscription_cycle') return;
      const subscription = await subscriptionOf(scope, invoiceSubscription(invoice));
      if (subscription === undefined) return;
      const periodEnd = invoice.lines.data[0]?.period.end ?? invoice.period_end;
      await lifecycle.renewed(
        scope,
        subscription,
        invoice.id ?? event.id,
        fromStripeAmount(invoice.amount_paid, invoice.currency),
        invoice.currency.toUpperCase(),
        new Date(periodEnd * 1000),
      );
      return;
    }
    case 'invoice.payment_failed': {
      const subscription = await subscriptionOf(scope, invoiceSubscription(event.data.object));
      if (subscription !== undefined) await lifecycle.paymentFailed(scope, subscription);
      return;
    }
    case 'customer.subscription.deleted': {
      const subscription = await subscriptionOf(scope, event.data.object.id);
      if (subscription !== undefined) await lifecycle.endSubscription(scope, subscription);
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      // One-time orders are recorded under their payment intent, subscriptions' first payment under its invoice.
      const ids = [idOf(charge.payment_intent), idOf((charge as { invoice?: string | { id: string } | null }).invoice)].filter(
        (id): id is string => id !== null,
      );
      if (ids.length === 0) return;
      const payment = await shopDb(scope.db)
        .selectFrom('ecommerce_payments')
        .select('order_id')
        .where('account_id', '=', scope.accountId)
        .where('provider', '=', 'stripe')
        .where('kind', '=', 'payment')
        .where('provider_payment_id', 'in', ids)
        .executeTakeFirst();
      const order = payment === undefined ? undefined : await findOrder(scope.db, scope.accountId, payment.order_id, { lock: true });
      if (order === undefined || order.status !== 'paid') return;
      const refunded = fromStripeAmount(charge.amount_refunded, charge.currency);
      const more = Math.min(refunded, Number(order.total_amount)) - Number(order.refunded_amount);
      if (more > 0) await lifecycle.refund(scope, order, more, `${charge.id}:${refunded}`);
      return;
    }
    default:
      return;
  }
}
