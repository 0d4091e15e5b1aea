import Razorpay from 'razorpay';
import type { ProviderSettings } from '../../db/tables.js';

/**
 * A Razorpay client for the site's API key (the official SDK), or null without both halves of the
 * key. `apiUrl` (the platform's RAZORPAY_API_URL: a test double on loopback) replaces
 * api.razorpay.com: the SDK fixes its host in its constructor but sends every call relative to its
 * HTTP client's base address, which is set here.
 */
export function razorpayClient(settings: ProviderSettings, apiUrl?: string): Razorpay | null {
  const keys = settings.razorpay;
  if (keys === undefined || !keys.keyId || !keys.keySecret) return null;
  const client = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
  if (apiUrl !== undefined) {
    // The SDK's HTTP client (an axios instance, a function object, undeclared in its types): its defaults hold the base address.
    const rq: unknown = Reflect.get(client.api, 'rq');
    const defaults =
      (typeof rq === 'function' || typeof rq === 'object') && rq !== null ? (Reflect.get(rq, 'defaults') as { baseURL?: string } | undefined) : undefined;
    if (defaults === undefined) throw new Error('This Razorpay SDK cannot be pointed at RAZORPAY_API_URL');
    defaults.baseURL = apiUrl.replace(/\/+$/, '');
  }
  return client;
}

/**
 * Whether `signature` (the X-Razorpay-Signature header) is the HMAC-SHA256 of the raw body under
 * the webhook secret, checked by the SDK's own validator. False, never a throw, for bad input.
 */
export function validRazorpaySignature(rawBody: string, signature: string, webhookSecret: string): boolean {
  if (rawBody === '' || signature === '' || webhookSecret === '') return false;
  try {
    return Razorpay.validateWebhookSignature(rawBody, signature, webhookSecret);
  } catch {
    return false;
  }
}
