import { appError, type PluginRequest } from '@lectern/sdk';
import type Stripe from 'stripe';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { shopCurrency } from '../../shop-currency.js';
import { toStripeAmount } from './amounts.js';
import { stripeClient } from './client.js';
import { providerError } from '../provider-error.js';

/**
 * Sends the buyer to a Stripe Checkout Session for the order. One-time orders are one line for the
 * order's total (coupons are already in it); a subscription is a recurring price of the product's
 * discounted amount. The order's id rides in the session's metadata; the webhook finds it there.
 */
export const startStripePayment: StartPayment = async (request: PluginRequest, order: OrderRow, origin: string) => {
  const settings = await providerSettings(request);
  const secretKey = settings.stripe?.secretKey;
  if (secretKey === undefined || secretKey === '') throw appError(ShopErrors.providerUnavailable);
  const currency = shopCurrency(request.ctx.account.settings);
  const subscription = order.items.find((line) => line.type === 'subscription' && line.frequency !== null);
  const unitAmount = toStripeAmount(Number(order.total_amount), currency.code, currency.digits);
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = subscription?.frequency
    ? {
        quantity: 1,
        price_data: {
          currency: currency.code.toLowerCase(),
          unit_amount: unitAmount,
          product_data: { name: subscription.title },
          recurring: { interval: subscription.frequency.parameter, interval_count: subscription.frequency.value },
        },
      }
    : { quantity: 1, price_data: { currency: currency.code.toLowerCase(), unit_amount: unitAmount, product_data: { name: `Order ${order.order_id}` } } };
  const metadata = { order_id: order.id, account_id: order.account_id };
  try {
    const session = await stripeClient(secretKey).checkout.sessions.create(
      {
        mode: subscription ? 'subscription' : 'payment',
        line_items: [lineItem],
        customer_email: order.email || undefined,
        client_reference_id: order.id,
        metadata,
        ...(subscription ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
        success_url: `${origin}/thankyou?order=${encodeURIComponent(order.order_id)}`,
        cancel_url: `${origin}/checkout`,
      },
      // A retried checkout of the same order never opens a second session.
      { idempotencyKey: `order-${order.id}` },
    );
    return { redirect: session.url, providerRef: session.id };
  } catch (error) {
    request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'Stripe refused to open a checkout session');
    throw appError(ShopErrors.providerFailed);
  }
};
