import { appError, type PluginContext, type PluginRequest } from '@lectern/sdk';
import type Stripe from 'stripe';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { shopCurrency, type ShopCurrency } from '../../shop-currency.js';
import { toStripeAmount } from './amounts.js';
import { stripeClient } from './client.js';
import { providerError } from '../provider-error.js';

export interface StripeSessionInput {
  secretKey: string;
  apiUrl: string | undefined;
  currency: ShopCurrency;
  order: OrderRow;
  successUrl: string;
  cancelUrl: string;
  /** A subscription's first charge waits until then (a plan bought during its trial). */
  trialEnd?: Date | null;
  log: Pick<PluginContext['log'], 'error'>;
}

/**
 * Opens a Stripe Checkout Session for the order. One-time orders are one line for the order's
 * total (coupons are already in it); a subscription is a recurring price of the product's
 * discounted amount. The order's id rides in the session's metadata; the webhook finds it there.
 */
export async function openStripeSession(input: StripeSessionInput): Promise<{ redirect: string | null; providerRef: string }> {
  const { order, currency } = input;
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
  const trialEnd = input.trialEnd == null ? undefined : Math.floor(input.trialEnd.getTime() / 1000);
  try {
    const session = await stripeClient(input.secretKey, input.apiUrl).checkout.sessions.create(
      {
        mode: subscription ? 'subscription' : 'payment',
        line_items: [lineItem],
        customer_email: order.email || undefined,
        client_reference_id: order.id,
        metadata,
        ...(subscription
          ? { subscription_data: { metadata, ...(trialEnd === undefined ? {} : { trial_end: trialEnd }) } }
          : { payment_intent_data: { metadata } }),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
      },
      // A retried checkout of the same order never opens a second session.
      { idempotencyKey: `order-${order.id}` },
    );
    return { redirect: session.url, providerRef: session.id };
  } catch (error) {
    input.log.error({ providerError: providerError(error), orderId: order.id }, 'Stripe refused to open a checkout session');
    throw appError(ShopErrors.providerFailed);
  }
}

/** Sends the buyer of a site's order to Stripe Checkout, back to its thank-you page. */
export const startStripePayment =
  (plugin: PluginContext): StartPayment =>
  async (request: PluginRequest, order: OrderRow, origin: string) => {
    const settings = await providerSettings(request);
    const secretKey = settings.stripe?.secretKey;
    if (secretKey === undefined || secretKey === '') throw appError(ShopErrors.providerUnavailable);
    return openStripeSession({
      secretKey,
      apiUrl: plugin.config.paymentApis.stripe,
      currency: shopCurrency(request.ctx.account.settings),
      order,
      successUrl: `${origin}/thankyou?order=${encodeURIComponent(order.order_id)}`,
      cancelUrl: `${origin}/checkout`,
      log: request.ctx.log,
    });
  };
