import { describe, expect, it } from 'vitest';
import { couponDiscount } from './discount.js';
import { couponVerdict, type CouponRuleInput } from './rules.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const open: CouponRuleInput = { usage_limit: 0, usage_count: 0, date_start: null, date_end: null, per_user_limit: 0 };

describe('coupon rules (SPEC §5)', () => {
  it('applies a coupon with no limits and no window', () => {
    expect(couponVerdict(open, NOW, 0)).toBe('cart.couponApplied');
  });

  it('refuses with cart.couponLimit once usage_count reaches usage_limit; 0 means no limit', () => {
    expect(couponVerdict({ ...open, usage_limit: 5, usage_count: 4 }, NOW, 0)).toBe('cart.couponApplied');
    expect(couponVerdict({ ...open, usage_limit: 5, usage_count: 5 }, NOW, 0)).toBe('cart.couponLimit');
    expect(couponVerdict({ ...open, usage_limit: 0, usage_count: 10_000 }, NOW, 0)).toBe('cart.couponApplied');
  });

  it('refuses with cart.couponUnavailable before date_start', () => {
    expect(couponVerdict({ ...open, date_start: new Date('2026-06-16T00:00:00Z') }, NOW, 0)).toBe('cart.couponUnavailable');
    expect(couponVerdict({ ...open, date_start: new Date('2026-06-15T12:00:00Z') }, NOW, 0)).toBe('cart.couponApplied');
  });

  it('refuses with cart.couponExpired after date_end', () => {
    expect(couponVerdict({ ...open, date_end: new Date('2026-06-15T11:59:59Z') }, NOW, 0)).toBe('cart.couponExpired');
    expect(couponVerdict({ ...open, date_end: new Date('2026-06-15T12:00:00Z') }, NOW, 0)).toBe('cart.couponApplied');
  });

  it("refuses with cart.couponLimit when the user's earlier orders reach per_user_limit; 0 means no limit", () => {
    expect(couponVerdict({ ...open, per_user_limit: 2 }, NOW, 1)).toBe('cart.couponApplied');
    expect(couponVerdict({ ...open, per_user_limit: 2 }, NOW, 2)).toBe('cart.couponLimit');
    expect(couponVerdict({ ...open, per_user_limit: 0 }, NOW, 50)).toBe('cart.couponApplied');
  });

  it("checks the rules in SPEC's order (usage, start, end, per user)", () => {
    const everything = { usage_limit: 1, usage_count: 1, date_start: new Date('2027-01-01'), date_end: new Date('2026-01-01'), per_user_limit: 1 };
    expect(couponVerdict(everything, NOW, 1)).toBe('cart.couponLimit');
    expect(couponVerdict({ ...everything, usage_limit: 0 }, NOW, 1)).toBe('cart.couponUnavailable');
    expect(couponVerdict({ ...everything, usage_limit: 0, date_start: null }, NOW, 1)).toBe('cart.couponExpired');
  });
});

describe('coupon discounts', () => {
  it('rounds a percentage to the nearest minor unit, half up', () => {
    expect(couponDiscount(333, 'percentage', 15)).toBe(50); // 49.95
    expect(couponDiscount(10_000, 'percentage', 10)).toBe(1000);
    expect(couponDiscount(999, 'percentage', 12.5)).toBe(125); // 124.875
    expect(couponDiscount(1, 'percentage', 50)).toBe(1); // 0.5 rounds up
  });

  it('takes a flat amount, never more than the subtotal', () => {
    expect(couponDiscount(5000, 'flat', 1000)).toBe(1000);
    expect(couponDiscount(500, 'flat', 1000)).toBe(500);
    expect(couponDiscount(500, 'percentage', 100)).toBe(500);
  });
});
