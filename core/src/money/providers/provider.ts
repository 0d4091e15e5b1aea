/**
 * The payment providers a site can take money through (SPEC §3 currency list). Kept apart from the
 * currency data so browser bundles can name a provider without pulling the ISO 4217 table in.
 */
export const PAYMENT_PROVIDERS = ['offline', 'paypal', 'stripe', 'razorpay'] as const;

export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
