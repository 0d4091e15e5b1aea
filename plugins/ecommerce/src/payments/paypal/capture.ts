import { CaptureStatus, type Client, type Order } from '@paypal/paypal-server-sdk';
import { paypalOrders } from './client.js';

export type CaptureOutcome = { status: 'completed'; captureId: string } | { status: 'pending' } | { status: 'failed' };

/** The capture of our order inside a PayPal order, judged by the purchase unit's custom_id. */
function outcomeOf(order: Order, orderId: string): CaptureOutcome {
  const unit = order.purchaseUnits?.find((candidate) => candidate.customId === orderId);
  const capture = unit?.payments?.captures?.[0];
  if (capture?.id !== undefined && capture.status === CaptureStatus.Completed) return { status: 'completed', captureId: capture.id };
  // PENDING: PayPal is still clearing the money (an eCheck, a review); PAYMENT.CAPTURE.COMPLETED follows.
  if (capture?.status === CaptureStatus.Pending) return { status: 'pending' };
  return { status: 'failed' };
}

/**
 * Captures the PayPal order the buyer approved. A second try (a reload of the return page) sends the
 * same PayPal-Request-Id, and an order captured already (by an earlier request) is read back instead.
 */
export async function captureApproved(client: Client, paypalOrderId: string, orderId: string): Promise<CaptureOutcome> {
  const orders = paypalOrders(client);
  try {
    const { result } = await orders.captureOrder({ id: paypalOrderId, paypalRequestId: `capture-${orderId}`, prefer: 'return=representation' });
    return outcomeOf(result, orderId);
  } catch (error) {
    const { result } = await orders.getOrder({ id: paypalOrderId });
    const outcome = outcomeOf(result, orderId);
    if (outcome.status === 'failed') throw error;
    return outcome;
  }
}
