import { currencyDigits } from '@lectern/sdk';
import type { ProviderSettings } from '../../db/tables.js';
import type { OrderRow } from '../../orders/store.js';
import { toRazorpayAmount } from './amounts.js';
import { razorpayClient } from './client.js';

/**
 * Refunds `amount` (minor units) of a Razorpay payment through the SDK and answers Razorpay's refund
 * id; the receipt names the order and what was refunded before. Null when Razorpay is not set up.
 */
export async function refundRazorpayPayment(
  settings: ProviderSettings,
  order: OrderRow,
  paymentId: string,
  amount: number,
  apiUrl: string | undefined,
): Promise<string | null> {
  const client = razorpayClient(settings, apiUrl);
  if (client === null) return null;
  const refund = await client.payments.refund(paymentId, {
    amount: toRazorpayAmount(amount, currencyDigits(order.currency)),
    receipt: `${order.order_id}-${Number(order.refunded_amount)}-${amount}`.slice(0, 40),
    notes: { order_id: order.id },
  });
  return refund.id;
}
