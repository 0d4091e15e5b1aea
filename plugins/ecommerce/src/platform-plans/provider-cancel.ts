import type { PluginContext } from '@lectern/sdk';
import type { ProviderSettings } from '../db/tables.js';
import { paypalClient, paypalCredentials, paypalSubscriptions } from '../payments/paypal/client.js';
import { razorpayClient } from '../payments/razorpay/client.js';
import { stripeClient } from '../payments/stripe/client.js';

/** 'period_end': the owner cancelled, the period paid for runs out; 'now': a new plan replaced it. */
export type CancelWhen = 'period_end' | 'now';

/** The providers that bill plan subscriptions themselves (offline ones renew here). */
export const BILLING_PROVIDERS = ['stripe', 'razorpay', 'paypal'] as const;

export const billedByProvider = (provider: string): provider is (typeof BILLING_PROVIDERS)[number] =>
  (BILLING_PROVIDERS as readonly string[]).includes(provider);

/**
 * Tells the provider billing a plan's subscription to stop. Stripe ends it at the period's end or
 * now, prorating the unused time onto a final invoice; Razorpay ends it at the cycle's end or now
 * (no proration); PayPal has only "now": it bills nothing more and sends BILLING.SUBSCRIPTION.CANCELLED,
 * whose handler keeps what was paid for until the period's end (OrderLifecycle.stopAtPeriodEnd).
 * Throws when the provider refuses or cannot be reached.
 */
export async function cancelAtProvider(
  ctx: PluginContext,
  settings: ProviderSettings,
  subscription: { provider: string; providerSubscriptionId: string },
  when: CancelWhen,
): Promise<void> {
  const { provider, providerSubscriptionId: id } = subscription;
  const apis = ctx.config.paymentApis;
  if (provider === 'stripe') {
    const stripe = stripeClient(settings.stripe?.secretKey ?? '', apis.stripe);
    if (when === 'period_end') await stripe.subscriptions.update(id, { cancel_at_period_end: true });
    else await stripe.subscriptions.cancel(id, { prorate: true, invoice_now: true });
  } else if (provider === 'razorpay') {
    const client = razorpayClient(settings, apis.razorpay);
    if (client === null) throw new Error('the platform has no Razorpay key');
    await client.subscriptions.cancel(id, when === 'period_end');
  } else if (provider === 'paypal') {
    const paypal = paypalCredentials(settings);
    if (paypal === null) throw new Error('the platform has no PayPal credentials');
    const reason = when === 'period_end' ? 'Cancelled by the site owner' : 'Replaced by another plan';
    await paypalSubscriptions(paypalClient(paypal, apis.paypal)).cancelSubscription({ id, body: { reason } });
  }
}
