import type { Client } from '@paypal/paypal-server-sdk';

/** The headers PayPal signs a webhook delivery with (lower-cased, as Node gives them). */
export const PAYPAL_SIGNATURE_HEADERS = [
  'paypal-auth-algo',
  'paypal-cert-url',
  'paypal-transmission-id',
  'paypal-transmission-sig',
  'paypal-transmission-time',
] as const;

export type PaypalSignature = Record<(typeof PAYPAL_SIGNATURE_HEADERS)[number], string>;

/** The delivery's signature headers, or null when one is missing. */
export function signatureHeaders(headers: Record<string, unknown>): PaypalSignature | null {
  const found: Partial<PaypalSignature> = {};
  for (const name of PAYPAL_SIGNATURE_HEADERS) {
    const value = headers[name];
    if (typeof value !== 'string' || value === '' || value.length > 2048) return null;
    found[name] = value;
  }
  return found as PaypalSignature;
}

/** What verification needs of PayPal's SDK client: a token from its client-credentials flow. */
export type PaypalTokenSource = { clientCredentialsAuthManager: Pick<Client['clientCredentialsAuthManager'], 'fetchToken'> };

/**
 * Asks PayPal whether a delivery is genuine: POST /v1/notifications/verify-webhook-signature, which
 * the server SDK does not cover, with an OAuth token from the SDK's client-credentials flow. The
 * event goes back as the exact bytes received (spliced into the request, not re-serialised): PayPal
 * checks its signature over those bytes. Any failure to get an answer counts as "not verified".
 */
export async function verifyPaypalWebhook(
  client: PaypalTokenSource,
  apiBase: string,
  webhookId: string,
  signature: PaypalSignature,
  rawBody: string,
): Promise<boolean> {
  const token = await client.clientCredentialsAuthManager.fetchToken();
  const fields = JSON.stringify({
    auth_algo: signature['paypal-auth-algo'],
    cert_url: signature['paypal-cert-url'],
    transmission_id: signature['paypal-transmission-id'],
    transmission_sig: signature['paypal-transmission-sig'],
    transmission_time: signature['paypal-transmission-time'],
    webhook_id: webhookId,
  });
  const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
  const res = await fetch(`${apiBase}/v1/notifications/verify-webhook-signature`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token.accessToken}` },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) return false;
  const answer = (await res.json()) as { verification_status?: string };
  return answer.verification_status === 'SUCCESS';
}
