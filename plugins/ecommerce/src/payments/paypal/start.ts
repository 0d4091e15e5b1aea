import { CheckoutPaymentIntent, PaypalExperienceUserAction, PaypalWalletContextShippingPreference } from '@paypal/paypal-server-sdk';
import { appError, currencyDigits, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { toPaypalValue } from './amounts.js';
import { paypalClient, paypalCredentials, paypalOrders } from './client.js';
import { providerError } from '../provider-error.js';

/**
 * Sends the buyer to PayPal to approve an order for the shop order's total (one-time orders only:
 * availableProviders keeps PayPal away from subscriptions). Our order's id rides in custom_id, where
 * the capture and its webhook carry it back; after approval PayPal returns the buyer to
 * GET /paypal/return, which captures the payment.
 */
export const startPaypalPayment: StartPayment = async (request: PluginRequest, order: OrderRow, origin: string) => {
  const paypal = paypalCredentials(await providerSettings(request));
  if (paypal === null || order.items.some((line) => line.type === 'subscription')) throw appError(ShopErrors.providerUnavailable);
  try {
    const { result } = await paypalOrders(paypalClient(paypal)).createOrder({
      body: {
        intent: CheckoutPaymentIntent.Capture,
        purchaseUnits: [
          {
            referenceId: order.id,
            customId: order.id,
            description: `Order ${order.order_id}`,
            amount: { currencyCode: order.currency, value: toPaypalValue(Number(order.total_amount), order.currency, currencyDigits(order.currency)) },
          },
        ],
        paymentSource: {
          paypal: {
            ...(order.email ? { emailAddress: order.email } : {}),
            experienceContext: {
              returnUrl: `${origin}/api/ecommerce/paypal/return?order=${encodeURIComponent(order.id)}`,
              cancelUrl: `${origin}/checkout`,
              userAction: PaypalExperienceUserAction.PayNow,
              // Courses and memberships: nothing is shipped.
              shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
            },
          },
        },
      },
      // A retried checkout of the same order never creates a second PayPal order.
      paypalRequestId: `order-${order.id}`,
    });
    const approve = result.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
    if (result.id === undefined || approve === undefined) throw new Error('PayPal answered without an order id or an approval link');
    return { redirect: approve.href, providerRef: result.id };
  } catch (error) {
    request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'PayPal refused to create an order');
    throw appError(ShopErrors.providerFailed);
  }
};
