import { currencyDigits } from '@lectern/sdk';
import type { ProviderSettings } from '../../db/tables.js';
import type { OrderRow } from '../../orders/store.js';
import { toPaypalValue } from './amounts.js';
import { paypalClient, paypalCredentials, paypalPayments } from './client.js';

/**
 * Refunds `amount` (minor units) of a PayPal capture through the SDK and answers PayPal's refund id.
 * The PayPal-Request-Id names the order and what was refunded before, so a retried refund is the
 * same refund, never a second one. Null when PayPal is not set up on the site.
 */
export async function refundPaypalCapture(
  settings: ProviderSettings,
  order: OrderRow,
  captureId: string,
  amount: number,
  apiUrl: string | undefined,
): Promise<string | null> {
  const paypal = paypalCredentials(settings);
  if (paypal === null) return null;
  const { result } = await paypalPayments(paypalClient(paypal, apiUrl)).refundCapturedPayment({
    captureId,
    paypalRequestId: `refund-${order.id}-${Number(order.refunded_amount)}-${amount}`,
    body: { amount: { currencyCode: order.currency, value: toPaypalValue(amount, order.currency, currencyDigits(order.currency)) }, customId: order.id },
  });
  if (result.id === undefined) throw new Error('PayPal answered a refund without its id');
  return result.id;
}
