import { appError, currencyDigits, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../errors.js';
import type { ShopDb } from '../db/tables.js';
import type { OrderRow } from '../orders/store.js';
import { providerSettings } from '../settings/providers.js';
import { refundPaypalCapture } from './paypal/refund.js';
import { refundRazorpayPayment } from './razorpay/refund.js';
import { toStripeAmount } from './stripe/amounts.js';
import { stripeClient } from './stripe/client.js';

/**
 * Returns the money where it was paid, before the order records the refund: Stripe refunds its
 * payment intent (the same refund is never made twice: the idempotency key names the order and
 * what was refunded before), PayPal its capture and Razorpay its payment; offline orders are
 * refunded by the owner outside the platform.
 * Answers the id the refund is recorded under.
 */
export async function refundAtProvider(request: PluginRequest, order: OrderRow, amount: number | null): Promise<string> {
  if (order.status !== 'paid') throw appError(ShopErrors.orderState);
  const left = Number(order.total_amount) - Number(order.refunded_amount);
  const refund = amount ?? left;
  if (refund <= 0 || refund > left) throw appError(ShopErrors.refundTooLarge);
  if (order.provider !== 'stripe' && order.provider !== 'paypal' && order.provider !== 'razorpay') return `manual:${order.id}:${Number(order.refunded_amount) + refund}`;

  const payment = await (request.ctx.db as ShopDb)
    .selectFrom('ecommerce_payments')
    .select('provider_payment_id')
    .where('account_id', '=', request.ctx.account.id)
    .where('order_id', '=', order.id)
    .where('kind', '=', 'payment')
    .executeTakeFirst();
  const settings = await providerSettings(request);
  // PayPal refunds its capture, Razorpay its payment (payments/paypal/refund.ts, payments/razorpay/refund.ts).
  if (order.provider === 'paypal' || order.provider === 'razorpay') {
    if (payment === undefined || (order.provider === 'razorpay' && !payment.provider_payment_id.startsWith('pay_'))) throw appError(ShopErrors.providerUnavailable);
    let made: string | null;
    try {
      made = order.provider === 'paypal' ? await refundPaypalCapture(settings, order, payment.provider_payment_id, refund) : await refundRazorpayPayment(settings, order, payment.provider_payment_id, refund);
    } catch (error) {
      request.ctx.log.error({ err: error, orderId: order.id }, `${order.provider} refused the refund`);
      throw appError(ShopErrors.providerFailed);
    }
    if (made === null) throw appError(ShopErrors.providerUnavailable);
    return made;
  }
  const secretKey = settings.stripe?.secretKey ?? '';
  if (payment === undefined || !payment.provider_payment_id.startsWith('pi_') || secretKey === '') throw appError(ShopErrors.providerUnavailable);
  try {
    const made = await stripeClient(secretKey).refunds.create(
      { payment_intent: payment.provider_payment_id, amount: toStripeAmount(refund, order.currency, currencyDigits(order.currency)) },
      { idempotencyKey: `refund-${order.id}-${Number(order.refunded_amount)}-${refund}` },
    );
    return made.id;
  } catch (error) {
    request.ctx.log.error({ err: error, orderId: order.id }, 'Stripe refused the refund');
    throw appError(ShopErrors.providerFailed);
  }
}
