import { useCallback } from 'react';
import { fetchQuote } from '../api/shop-api.js';
import { withCoupon } from '../cart/cart-rules.js';
import type { Cart } from '../cart/cart-types.js';
import { refusalKey, type CouponVerdict } from './coupon-box.js';

/** The coupon box's actions on a cart: try a coupon with the site's quote, keep it when accepted, or drop it. */
export function useCouponActions(
  cart: Cart,
  update: (change: (cart: Cart) => Cart) => void,
): { apply: (name: string) => Promise<CouponVerdict>; remove: () => void } {
  const apply = useCallback(
    async (name: string): Promise<CouponVerdict> => {
      const answer = await fetchQuote(cart, { coupon: name });
      if (!answer.ok) return { valid: false, messageKey: 'cart.failed' };
      const verdict = answer.data.coupon;
      if (verdict === null || !verdict.valid) return { valid: false, messageKey: refusalKey(verdict?.message ?? null) };
      // The site's spelling of the name (coupons match without case).
      update((current) => withCoupon(current, verdict.name));
      return { valid: true };
    },
    [cart, update],
  );
  const remove = useCallback(() => update((current) => withCoupon(current, null)), [update]);
  return { apply, remove };
}
