import type Razorpay from 'razorpay';
import { currencyDigits } from '@lectern/sdk';
import { PENDING_ORDER_HOURS } from '../../orders/expiry.js';
import type { OrderRow } from '../../orders/store.js';
import { toRazorpayAmount } from './amounts.js';

export interface OpenedPayment {
  redirect: string;
  providerRef: string;
}

/**
 * A Razorpay Payment Link for the order's total. The link's reference_id is our order's id, which
 * Razorpay keeps unique: a retried start never opens a second link for the same order. The order's
 * id also rides in the notes, where the payment_link.paid webhook finds it.
 */
export async function openRazorpayLink(client: Razorpay, order: OrderRow, callbackUrl: string): Promise<OpenedPayment> {
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
    callback_url: callbackUrl,
    callback_method: 'get',
    // The link closes when the order would fail anyway (orders/expiry.ts).
    expire_by: Math.floor(Date.now() / 1000) + PENDING_ORDER_HOURS * 3600,
  });
  return { redirect: link.short_url, providerRef: link.id };
}

/**
 * A Razorpay subscription to a plan the seller made in Razorpay (`planId`), for `totalCount`
 * periods, starting now or at `startAt` (a trial's end: the mandate is set up now and the first
 * charge comes then). The order's id rides in the notes, where the subscription's webhooks find it;
 * the buyer authorises it on its hosted page (`short_url`).
 */
export async function openRazorpaySubscription(
  client: Razorpay,
  input: { planId: string; totalCount: number; order: OrderRow; startAt: Date | null },
): Promise<OpenedPayment> {
  const startAt = input.startAt !== null && input.startAt.getTime() > Date.now() ? Math.floor(input.startAt.getTime() / 1000) : undefined;
  const subscription = await client.subscriptions.create({
    plan_id: input.planId,
    total_count: input.totalCount,
    quantity: 1,
    customer_notify: 1,
    ...(startAt === undefined ? {} : { start_at: startAt }),
    notes: { order_id: input.order.id, account_id: input.order.account_id },
  });
  return { redirect: subscription.short_url, providerRef: subscription.id };
}
