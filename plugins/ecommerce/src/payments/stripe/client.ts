import Stripe from 'stripe';

/**
 * A Stripe client for the account's secret key (the official SDK; no retries past its defaults).
 * `apiUrl` points it elsewhere than api.stripe.com: the platform's STRIPE_API_URL (stripe-mock, or
 * a test double on loopback).
 */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const at = apiUrl === undefined ? undefined : new URL(apiUrl);
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(at === undefined
      ? {}
      : { host: at.hostname, port: Number(at.port || (at.protocol === 'http:' ? 80 : 443)), protocol: at.protocol === 'http:' ? 'http' : 'https' }),
  });
}

/**
 * Verifies a webhook's `Stripe-Signature` over the raw body with the endpoint's secret and parses
 * the event; throws when the signature, the secret or the timestamp (5-minute tolerance) is wrong.
 */
export function verifiedEvent(rawBody: Buffer, signature: string, webhookSecret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
}
