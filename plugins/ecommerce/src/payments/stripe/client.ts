import Stripe from 'stripe';

/** A Stripe client for the account's secret key (the official SDK; no retries past its defaults). */
export function stripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 1, timeout: 20_000 });
}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body with the endpoint's secret and parses
 * the event; throws when the signature, the secret or the timestamp (5-minute tolerance) is wrong.
 */
export function verifiedEvent(rawBody: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
