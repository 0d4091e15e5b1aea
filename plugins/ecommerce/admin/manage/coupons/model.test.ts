import { describe, expect, it } from 'vitest';
import { couponFormOf, couponState, emptyCouponForm, validateCoupon } from './model';

const now = new Date('2025-06-15T12:00:00Z');
const coupon = { usage_limit: 0, usage_count: 0, date_start: null, date_end: null };

describe('coupon state badge', () => {
  it('follows the SPEC §5 rules in their order', () => {
    expect(couponState(coupon, now)).toBe('active');
    expect(couponState({ ...coupon, date_start: '2025-07-01T00:00:00Z' }, now)).toBe('scheduled');
    expect(couponState({ ...coupon, date_end: '2025-06-01T00:00:00Z' }, now)).toBe('expired');
    expect(couponState({ ...coupon, usage_limit: 5, usage_count: 5, date_end: '2025-06-01T00:00:00Z' }, now)).toBe('usedUp');
    expect(couponState({ ...coupon, usage_limit: 5, usage_count: 4 }, now)).toBe('active');
    expect(couponState({ ...coupon, date_start: '2025-06-01T00:00:00Z', date_end: '2025-07-01T00:00:00Z' }, now)).toBe('active');
  });
});

describe('coupon form', () => {
  it('sends a flat amount in minor units and blank limits as no limit', () => {
    const { errors, input } = validateCoupon({ ...emptyCouponForm(), name: 'SUMMER', discountType: 'flat', amount: '5.25' }, 2);
    expect(errors).toEqual({});
    expect(input).toEqual({ name: 'SUMMER', discount_type: 'flat', coupon_amount: 525, usage_limit: 0, per_user_limit: 0, date_start: null, date_end: null });
  });

  it('takes a percentage as typed, up to 100', () => {
    expect(validateCoupon({ ...emptyCouponForm(), name: 'TEN', amount: '12.5' }, 2).input?.coupon_amount).toBe(12.5);
    expect(validateCoupon({ ...emptyCouponForm(), name: 'TEN', amount: '101' }, 2).errors.amount).toBe('form.percentInvalid');
  });

  it('explains each field it refuses', () => {
    const { errors, input } = validateCoupon(
      {
        name: 'two words',
        discountType: 'flat',
        amount: '1.234',
        usageLimit: '-1',
        perUserLimit: 'x',
        dateStart: '2025-07-02T00:00',
        dateEnd: '2025-07-01T00:00',
      },
      2,
    );
    expect(input).toBeNull();
    expect(errors).toEqual({
      name: 'form.nameSpaces',
      amount: 'form.amountInvalid',
      usageLimit: 'form.limitInvalid',
      perUserLimit: 'form.limitInvalid',
      dateEnd: 'form.endBeforeStart',
    });
    expect(validateCoupon(emptyCouponForm(), 2).errors.name).toBe('form.nameRequired');
  });

  it('starts from a stored coupon with the amount in major units', () => {
    const form = couponFormOf(
      {
        id: 'c',
        name: 'FIVE',
        usage_limit: 10,
        usage_count: 2,
        date_start: null,
        date_end: null,
        per_user_limit: 0,
        discount_type: 'flat',
        coupon_amount: 500,
        created_at: '',
      },
      2,
    );
    expect(form).toMatchObject({ name: 'FIVE', amount: '5.00', usageLimit: '10', perUserLimit: '' });
    expect(validateCoupon(form, 2).input?.coupon_amount).toBe(500);
  });
});
