/**
 * SPEC §5 coupon rules, in SPEC's order. Pure: the caller supplies the coupon row, the time and how
 * many of the signed-in user's earlier orders used it (0 for visitors).
 */
export type CouponMessage = 'cart.couponApplied' | 'cart.couponLimit' | 'cart.couponUnavailable' | 'cart.couponExpired';

export interface CouponRuleInput {
  usage_limit: number;
  usage_count: number;
  date_start: Date | null;
  date_end: Date | null;
  per_user_limit: number;
}

export function couponVerdict(coupon: CouponRuleInput, now: Date, userUses: number): CouponMessage {
  if (coupon.usage_limit > 0 && coupon.usage_count >= coupon.usage_limit) return 'cart.couponLimit';
  if (coupon.date_start !== null && coupon.date_start.getTime() > now.getTime()) return 'cart.couponUnavailable';
  if (coupon.date_end !== null && coupon.date_end.getTime() < now.getTime()) return 'cart.couponExpired';
  if (coupon.per_user_limit > 0 && userUses >= coupon.per_user_limit) return 'cart.couponLimit';
  return 'cart.couponApplied';
}
