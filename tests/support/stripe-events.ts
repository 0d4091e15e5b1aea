import Stripe from 'stripe';

/** A Stripe event as Stripe delivers it, signed for `secret` with the SDK's own test-header helper. */
export function signedStripeEvent(secret: string, id: string, type: string, object: Record<string, unknown>): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
