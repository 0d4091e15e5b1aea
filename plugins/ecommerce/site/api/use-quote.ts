import { useEffect, useState } from 'react';
import type { Cart } from '../cart/cart-types.js';
import { dropItems, withCoupon } from '../cart/cart-rules.js';
import { saveCart } from '../cart/cart-store.js';
import { fetchQuote, type Quote } from './shop-api.js';

export interface QuoteState {
  quote: Quote | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The site's prices for the cart (POST /cart/quote), asked again whenever its items or coupon
 * change; products the site no longer sells leave the stored cart, and a stored coupon the site now
 * refuses is dropped (the coupon box shows why). Off while `enabled` is false (a closed modal).
 */
export function useQuote(cart: Cart, enabled = true): QuoteState {
  const [state, setState] = useState<QuoteState>({ quote: null, loading: false, failed: false });
  const key = JSON.stringify([cart.cartItems.map((line) => [line.id, line.quantity]), cart.coupon ?? '']);
  useEffect(() => {
    if (!enabled || cart.cartItems.length === 0) {
      setState({ quote: null, loading: false, failed: false });
      return;
    }
    const controller = new AbortController();
    setState((old) => ({ ...old, loading: true, failed: false }));
    fetchQuote(cart, { signal: controller.signal })
      .then((answer) => {
        if (!answer.ok) {
          setState({ quote: null, loading: false, failed: true });
          return;
        }
        const quote = answer.data;
        setState({ quote, loading: false, failed: false });
        let next = dropItems(cart, quote.missing);
        if (quote.coupon !== null && !quote.coupon.valid) next = withCoupon(next, null);
        if (next !== cart) saveCart(next);
      })
      .catch(() => undefined);
    return () => controller.abort();
    // The key stands for the cart's items and coupon; the cart object itself changes on every read.
  }, [key, enabled]);
  return state;
}
