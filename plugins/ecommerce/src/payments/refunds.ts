import { appError, currencyDigits, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../errors.js';
import { shopDb } from '../db/tables.js';
import { refundAmount } from '../orders/lifecycle.js';
import type { OrderRow } from '../orders/store.js';
import { providerSettings } from '../settings/providers.js';
import { refundPaypalCapture } from './paypal/refund.js';
import { refundRazorpayPayment } from './razorpay/refund.js';
import { toStripeAmount } from './stripe/amounts.js';
import { stripeClient } from './stripe/client.js';
import { providerError } from './provider-error.js';

/**
 * Returns the money where it was paid, before the order records the refund: Stripe refunds its
 * payment intent (the same refund is never made twice: the idempotency key names the order and
 * what was refunded before), PayPal its capture and Razorpay its payment; offline orders are
 * refunded by the owner outside the platform.
 * Answers the id the refund is recorded under. `apis` are the platform's provider addresses (tests' doubles).
 */
export async function refundAtProvider(
  request: PluginRequest,
  order: OrderRow,
  amount: number | null,
  apis: PluginContext['config']['paymentApis'],
): Promise<string> {
  const refund = refundAmount(order, amount);
  if (order.provider !== 'stripe' && order.provider !== 'paypal' && order.provider !== 'razorpay')
    return `manual:${order.id}:${Number(order.refunded_amount) + refund}`;

  const payment = await shopDb(request.ctx.db)
    .selectFrom('ecommerce_payments')
    .select('provider_payment_id')
    .where('account_id', '=', request.ctx.account.id)
    .where('order_id', '=', order.id)
    .where('kind', '=', 'payment')
    // The order's own payment (a subscription's renewals come after it).
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const settings = await providerSettings(request);
  // PayPal refunds its capture, Razorpay its payment (payments/paypal/refund.ts, payments/razorpay/refund.ts).
  if (order.provider === 'paypal' || order.provider === 'razorpay') {
    if (payment === undefined || (order.provider === 'razorpay' && !payment.provider_payment_id.startsWith('pay_')))
      throw appError(ShopErrors.providerUnavailable);
    // A PayPal subscription (I-…) is paid by its sales: refunded in PayPal, recorded by PAYMENT.SALE.REFUNDED.
    if (order.provider === 'paypal' && payment.provider_payment_id.startsWith('I-')) throw appError(ShopErrors.refundAtProvider);
    let made: string | null;
    try {
      made =
        order.provider === 'paypal'
          ? await refundPaypalCapture(settings, order, payment.provider_payment_id, refund, apis.paypal)
          : await refundRazorpayPayment(settings, order, payment.provider_payment_id, refund, apis.razorpay);
    } catch (error) {
      request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, `${order.provider} refused the refund`);
      throw appError(ShopErrors.providerFailed);
    }
    if (made === null) throw appError(ShopErrors.providerUnavailable);
    return made;
  }
  const secretKey = settings.stripe?.secretKey ?? '';
  // A subscription's payments are invoices: refunded in Stripe's dashboard, recorded by charge.refunded.
  if (payment?.provider_payment_id.startsWith('in_') === true) throw appError(ShopErrors.refundAtProvider);
  if (payment === undefined || !payment.provider_payment_id.startsWith('pi_') || secretKey === '') throw appError(ShopErrors.providerUnavailable);
  try {
    const made = await stripeClient(secretKey, apis.stripe).refunds.create(
      { payment_intent: payment.provider_payment_id, amount: toStripeAmount(refund, order.currency, currencyDigits(order.currency)) },
      { idempotencyKey: `refund-${order.id}-${Number(order.refunded_amount)}-${refund}` },
    );
    return made.id;
  } catch (error) {
    request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'Stripe refused the refund');
    throw appError(ShopErrors.providerFailed);
  }
}
