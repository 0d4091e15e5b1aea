import { appError, currencyDigits, type PluginRequest } from '@lectern/sdk';
import { ShopErrors } from '../../errors.js';
import type { StartPayment } from '../../orders/checkout.js';
import { PENDING_ORDER_HOURS } from '../../orders/expiry.js';
import type { OrderRow } from '../../orders/store.js';
import { providerSettings } from '../../settings/providers.js';
import { toRazorpayAmount } from './amounts.js';
import { razorpayClient } from './client.js';
import { providerError } from '../provider-error.js';

/**
 * Sends the buyer to a Razorpay Payment Link for the order's total (one-time orders only:
 * availableProviders keeps Razorpay away from subscriptions). The link's reference_id is our order's
 * id, which Razorpay keeps unique: a retried start never opens a second link for the same order.
 * The order's id also rides in the notes, where the payment_link.paid webhook finds it.
 */
export const startRazorpayPayment: StartPayment = async (request: PluginRequest, order: OrderRow, origin: string) => {
  const client = razorpayClient(await providerSettings(request));
  if (client === null || order.items.some((line) => line.type === 'subscription')) throw appError(ShopErrors.providerUnavailable);
  try {
    const link = await client.paymentLink.create({
      amount: toRazorpayAmount(Number(order.total_amount), currencyDigits(order.currency)),
      currency: order.currency,
      accept_partial: false,
      reference_id: order.id,
      description: `Order ${order.order_id}`,
      customer: { ...(order.name ? { name: order.name } : {}), ...(order.email ? { email: order.email } : {}) },
      // The buyer is sent to the link now: Razorpay need not email or text it too.
      notify: { email: false, sms: false },
      reminder_enable: false,
      notes: { order_id: order.id, account_id: order.account_id },
      callback_url: `${origin}/thankyou?order=${encodeURIComponent(order.order_id)}`,
      callback_method: 'get',
      // The link closes when the order would fail anyway (orders/expiry.ts).
      expire_by: Math.floor(Date.now() / 1000) + PENDING_ORDER_HOURS * 3600,
    });
    return { redirect: link.short_url, providerRef: link.id };
  } catch (error) {
    request.ctx.log.error({ providerError: providerError(error), orderId: order.id }, 'Razorpay refused to create a payment link');
    throw appError(ShopErrors.providerFailed);
  }
};
