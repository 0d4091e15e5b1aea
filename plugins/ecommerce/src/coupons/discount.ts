import { percentOfMinor } from '@lectern/sdk';
import type { DiscountType } from '../db/tables.js';

/**
 * What a coupon takes off a subtotal, in minor units: a flat amount, or a percentage rounded to the
 * nearest minor unit, half up (DECISIONS.md). Never more than the subtotal.
 */
export function couponDiscount(subtotal: number, type: DiscountType, amount: number): number {
  const raw = type === 'flat' ? Math.round(amount) : percentOfMinor(subtotal, amount);
  return Math.max(0, Math.min(subtotal, raw));
}
