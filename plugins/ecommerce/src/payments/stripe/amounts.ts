/**
 * Stripe counts most currencies in ISO 4217 minor units, with two exceptions that matter here:
 * ISK is charged as if it had two decimals, and three-decimal currencies (BHD, JOD, KWD, OMR, TND)
 * must end in 0. Our amounts are ISO minor units (DECISIONS.md), converted at the edge.
 */
export function toStripeAmount(minor: number, currency: string, digits: number): number {
  if (currency === 'ISK') return minor * 100;
  if (digits === 3) return Math.round(minor / 10) * 10;
  return minor;
}

export function fromStripeAmount(amount: number, currency: string): number {
  return currency.toUpperCase() === 'ISK' ? Math.round(amount / 100) : amount;
}
