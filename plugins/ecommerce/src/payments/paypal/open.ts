import {
  ApplicationContextUserAction,
  CheckoutPaymentIntent,
  ExperienceContextShippingPreference,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
  type Client,
  type LinkDescription,
} from '@paypal/paypal-server-sdk';
import { currencyDigits } from '@lectern/sdk';
import type { OrderRow } from '../../orders/store.js';
import { toPaypalValue } from './amounts.js';
import { paypalOrders, paypalSubscriptions } from './client.js';

export interface OpenedPaypalPayment {
  redirect: string;
  providerRef: string;
}

/** Where PayPal sends the buyer to approve: `payer-action` for orders, `approve` for subscriptions. */
function approvalLink(id: string | undefined, links: LinkDescription[] | undefined): OpenedPaypalPayment {
  const approve = links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
  if (id === undefined || approve === undefined) throw new Error('PayPal answered without an id or an approval link');
  return { redirect: approve.href, providerRef: id };
}

/**
 * A PayPal order for the shop order's total, to capture once the buyer approved it. Our order's id
 * rides in custom_id, where the capture and its webhooks carry it back; a retried start sends the
 * same PayPal-Request-Id and never creates a second PayPal order.
 */
export async function openPaypalOrder(client: Client, order: OrderRow, urls: { returnUrl: string; cancelUrl: string }): Promise<OpenedPaypalPayment> {
  const { result } = await paypalOrders(client).createOrder({
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
            returnUrl: urls.returnUrl,
            cancelUrl: urls.cancelUrl,
            userAction: PaypalExperienceUserAction.PayNow,
            // Courses, memberships and plans: nothing is shipped.
            shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
          },
        },
      },
    },
    paypalRequestId: `order-${order.id}`,
  });
  return approvalLink(result.id, result.links);
}

/**
 * A PayPal subscription to a billing plan the seller made in PayPal (`planId`: its cycles and
 * count live there), starting now or at `startAt` (a trial's end: the buyer approves now and the
 * first charge comes then). The order's id rides in custom_id, where the subscription's webhooks
 * find it; the buyer approves it on PayPal's page.
 */
export async function openPaypalSubscription(
  client: Client,
  input: { planId: string; order: OrderRow; startAt: Date | null; returnUrl: string; cancelUrl: string },
): Promise<OpenedPaypalPayment> {
  const { order } = input;
  const startAt = input.startAt !== null && input.startAt.getTime() > Date.now() ? input.startAt.toISOString() : undefined;
  const { result } = await paypalSubscriptions(client).createSubscription({
    body: {
      planId: input.planId,
      customId: order.id,
      ...(startAt === undefined ? {} : { startTime: startAt }),
      ...(order.email ? { subscriber: { emailAddress: order.email } } : {}),
      applicationContext: {
        returnUrl: input.returnUrl,
        cancelUrl: input.cancelUrl,
        userAction: ApplicationContextUserAction.SubscribeNow,
        shippingPreference: ExperienceContextShippingPreference.NoShipping,
      },
    },
    paypalRequestId: `subscription-${order.id}`,
    prefer: 'return=representation',
  });
  return approvalLink(result.id, result.links);
}
