import Razorpay from 'razorpay';
import type { ProviderSettings } from '../../db/tables.js';

/** A Razorpay client for the site's API key (the official SDK), or null without both halves of the key. */
export function razorpayClient(settings: ProviderSettings): Razorpay | null {
  const keys = settings.razorpay;
  if (keys === undefined || !keys.keyId || !keys.keySecret) return null;
  return new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
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
