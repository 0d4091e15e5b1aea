/**
 * Razorpay takes amounts in the currency's subunit, as we store them (DECISIONS.md "Money"). Its
 * three-decimal currencies (KWD, BHD, OMR) must end in 0: Razorpay's currency-conversion page asks
 * for 295.990 rather than 295.991, so the last digit is rounded away. No currency it charges in
 * today (core/src/money/providers/razorpay.ts) has three digits; the rule is here for when one does.
 */
export function toRazorpayAmount(minor: number, digits: number): number {
  return digits === 3 ? Math.round(minor / 10) * 10 : minor;
}
