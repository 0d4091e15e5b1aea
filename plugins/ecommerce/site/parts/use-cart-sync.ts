import { useEffect, useRef } from 'react';
import type { GlobalProps } from '@lectern/sdk/site';
import { saveMemberCart } from '../api/shop-api.js';
import type { Cart } from '../cart/cart-types.js';

/** Changes settle this long before the member's cart is saved (steppers make bursts). */
const SYNC_DELAY_MS = 1500;

/**
 * A signed-in member's cart is saved on the site after each change made while a page is open
 * (PUT /api/ecommerce/cart), so the shop can send the cart_abandoned reminder; merely loading a
 * page saves nothing. Visitors' carts stay in the browser only.
 */
export function useCartSync(cart: Cart, signedIn: boolean, session: GlobalProps['session']): void {
  const key = JSON.stringify(cart.cartItems.map((line) => [line.id, line.quantity]));
  const first = useRef(key);
  const latest = useRef(cart);
  latest.current = cart;
  useEffect(() => {
    if (!signedIn || key === first.current) return;
    first.current = '';
    const timer = setTimeout(() => {
      void session
        .accessToken()
        .then((token) => (token === null ? undefined : saveMemberCart(latest.current, token)))
        .catch(() => undefined);
    }, SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, signedIn, session]);
}
