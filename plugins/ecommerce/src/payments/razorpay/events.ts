import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findProviderOrder, findProviderSubscription } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { isUuid } from '../../uuid.js';

/** A Razorpay webhook event as delivered; only what we read. */
export interface RazorpayEvent {
  event: string;
  payload?: {
    payment_link?: { entity?: { id?: string; reference_id?: string; notes?: Record<string, unknown> | unknown[] } };
    payment?: { entity?: { id?: string; amount?: number; currency?: string } };
    subscription?: { entity?: RazorpaySubscriptionEntity };
  };
}

/** A subscription as its webhooks carry it: times in Unix seconds, null until known. */
interface RazorpaySubscriptionEntity {
  id?: string;
  notes?: Record<string, unknown> | unknown[];
  current_end?: number | null;
  start_at?: number | null;
}

const fromUnix = (seconds: number | null | undefined): Date | undefined =>
  typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;

/** Our order named by a subscription's notes.order_id (set when it was created). */
async function orderOfSubscription(scope: ShopScope, entity: RazorpaySubscriptionEntity) {
  const noted = entity.notes !== undefined && !Array.isArray(entity.notes) ? entity.notes.order_id : undefined;
  return typeof noted === 'string' && isUuid(noted) ? findProviderOrder(scope.db, scope.accountId, noted, 'razorpay') : undefined;
}

const subscriptionOf = (scope: ShopScope, providerId: string) => findProviderSubscription(scope.db, scope.accountId, 'razorpay', providerId);

/**
 * The buyer authorised the subscription (or it started): the order is paid with nothing taken yet,
 * as a trial with a card on file is, and its subscription runs until the end of the current period
 * (the trial's end when it starts later). markPaid is conditional: a repeat changes nothing.
 */
async function subscriptionStarted(scope: ShopScope, lifecycle: OrderLifecycle, entity: RazorpaySubscriptionEntity): Promise<void> {
  const order = entity.id === undefined ? undefined : await orderOfSubscription(scope, entity);
  if (order === undefined || entity.id === undefined) return;
  const periodEnd = fromUnix(entity.current_end) ?? fromUnix(entity.start_at);
  await lifecycle.markPaid(scope, order, {
    provider: 'razorpay',
    providerPaymentId: entity.id,
    subscriptionId: entity.id,
    amount: 0,
    ...(periodEnd === undefined ? {} : { currentPeriodEnd: periodEnd }),
  });
}

/** Our order named by a payment link (its notes.order_id, else its reference_id). */
async function orderOfLink(scope: ShopScope, event: RazorpayEvent) {
  const link = event.payload?.payment_link?.entity;
  // Razorpay sends empty notes as [] rather than {}.
  const noted = link?.notes !== undefined && !Array.isArray(link.notes) ? link.notes.order_id : undefined;
  const orderId = typeof noted === 'string' ? noted : (link?.reference_id ?? '');
  return isUuid(orderId) ? findProviderOrder(scope.db, scope.accountId, orderId, 'razorpay') : undefined;
}

/**
 * What a verified Razorpay event changes. A paid link pays the order (markPaid is conditional, so
 * a late or repeated event changes nothing); an expired or cancelled link fails a pending order.
 * A subscription (the platform's plans) starts when authorised, renews with each charge, is past
 * due while a failed charge is retried and ends when halted, cancelled or completed.
 * `payment.failed` changes nothing on purpose: a payment link stays open after a failed attempt and
 * the buyer may retry on it, so failing the order then would strand a later successful payment.
 * Other events are acknowledged and ignored.
 */
export async function applyRazorpayEvent(scope: ShopScope, lifecycle: OrderLifecycle, event: RazorpayEvent): Promise<void> {
  switch (event.event) {
    case 'payment_link.paid': {
      const order = await orderOfLink(scope, event);
      const paymentId = event.payload?.payment?.entity?.id;
      if (order !== undefined && typeof paymentId === 'string' && paymentId !== '')
        await lifecycle.markPaid(scope, order, { provider: 'razorpay', providerPaymentId: paymentId });
      return;
    }
    case 'subscription.authenticated':
    case 'subscription.activated': {
      const entity = event.payload?.subscription?.entity;
      if (entity !== undefined) await subscriptionStarted(scope, lifecycle, entity);
      return;
    }
    case 'subscription.charged': {
      // Each charge, the first included, pays one period (a charge before its authorisation's event starts it too).
      const entity = event.payload?.subscription?.entity;
      const payment = event.payload?.payment?.entity;
      if (entity?.id === undefined || payment?.id === undefined || typeof payment.amount !== 'number') return;
      let subscription = await subscriptionOf(scope, entity.id);
      if (subscription === undefined) {
        await subscriptionStarted(scope, lifecycle, entity);
        subscription = await subscriptionOf(scope, entity.id);
      }
      const periodEnd = fromUnix(entity.current_end);
      if (subscription === undefined || periodEnd === undefined) return;
      await lifecycle.renewed(scope, subscription, payment.id, payment.amount, (payment.currency ?? '').toUpperCase(), periodEnd);
      return;
    }
    case 'subscription.pending': {
      // A charge failed and Razorpay retries it: past due, and the buyer is told (dunning).
      const id = event.payload?.subscription?.entity?.id;
      const subscription = id === undefined ? undefined : await subscriptionOf(scope, id);
      if (subscription !== undefined) await lifecycle.paymentFailed(scope, subscription);
      return;
    }
    case 'subscription.halted':
    case 'subscription.cancelled':
    case 'subscription.completed': {
      // Its retries ran out, it was cancelled (at the cycle's end, when asked so), or it ran its count.
      const id = event.payload?.subscription?.entity?.id;
      const subscription = id === undefined ? undefined : await subscriptionOf(scope, id);
      if (subscription !== undefined) await lifecycle.endSubscription(scope, subscription);
      return;
    }
    case 'payment_link.expired':
    case 'payment_link.cancelled': {
      const order = await orderOfLink(scope, event);
      if (order !== undefined) await lifecycle.close(scope, order, 'failed');
      return;
    }
    default:
      return;
  }
}
