import type { OrderLifecycle } from '../../orders/lifecycle.js';
import { findProviderOrder } from '../../orders/store.js';
import type { ShopScope } from '../../scope.js';
import { isUuid } from '../../uuid.js';

/** A Razorpay webhook event as delivered; only what we read. */
export interface RazorpayEvent {
  event: string;
  payload?: {
    payment_link?: { entity?: { id?: string; reference_id?: string; notes?: Record<string, unknown> | unknown[] } };
    payment?: { entity?: { id?: string } };
  };
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
