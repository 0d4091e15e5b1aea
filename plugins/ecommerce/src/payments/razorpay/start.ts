import { appError, type PluginContext, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { razorpayClient } from './client.js';
import { openRazorpayLink } from './open.js';
import { providerError } from '../provider-error.js';

/**
 * Sends the buyer to a Razorpay Payment Link for the order's total (one-time orders only:
 * availableProviders keeps a site's subscriptions away from Razorpay; the platform's plans
 * subscribe through platform-plans/plan-checkout.ts).
 */
export const startRazorpayPayment =
  (plugin: PluginContext): StartPayment =>
  async (request: PluginRequest, order: OrderRow, origin: string) => {
    const client = razorpayClient(await providerSettings(request), plugin.config.paymentApis.razorpay);
    if (client === null || order.items.some((line) => line.type === 'subscription')) throw appError(ShopErrors.providerUnavailable);
    try {
      return await openRazorpayLink(client, order, `${origin}/thankyou?order=${encodeURIComponent(order.order_id)}`);
    } catch (error) {
      request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'Razorpay refused to create a payment link');
      throw appError(ShopErrors.providerFailed);
    }
  };
