import { appError, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { paypalClient, paypalCredentials } from './client.js';
import { openPaypalOrder } from './open.js';
import { providerError } from '../provider-error.js';

/**
 * Sends the buyer to PayPal to approve an order for the shop order's total (one-time orders only:
 * availableProviders keeps a site's subscriptions away from PayPal; the platform's plans subscribe
 * through platform-plans/plan-checkout.ts). After approval PayPal returns the buyer to
 * GET /paypal/return, which captures the payment.
 */
export const startPaypalPayment =
  (plugin: PluginContext): StartPayment =>
  async (request: PluginRequest, order: OrderRow, origin: string) => {
    const paypal = paypalCredentials(await providerSettings(request));
    if (paypal === null || order.items.some((line) => line.type === 'subscription')) throw appError(ShopErrors.providerUnavailable);
    try {
      return await openPaypalOrder(paypalClient(paypal, plugin.config.paymentApis.paypal), order, {
        returnUrl: `${origin}/api/ecommerce/paypal/return?order=${encodeURIComponent(order.id)}`,
        cancelUrl: `${origin}/checkout`,
      });
    } catch (error) {
      request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'PayPal refused to create an order');
      throw appError(ShopErrors.providerFailed);
    }
  };
