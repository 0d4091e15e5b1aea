import { useCallback, useEffect, useState } from 'react';
import type { ShopProduct } from '../../src/site/shop-product.js';
import { fetchProducts } from '../api/shop-api.js';
import { crossSellCandidates } from '../cart/cart-rules.js';
import { loadCart } from '../cart/cart-store.js';
import { CART_ADDED_EVENT } from '../cart/shop-events.js';

/** SPEC §9 UI limits: the cross-sell panel shows 3000 ms after an add. */
export const CROSS_SELL_DELAY_MS = 3000;

/**
 * SPEC §4 cross-sell: after an add, the product's cross-sell products that are not in the cart
 * (fetched at once, shown CROSS_SELL_DELAY_MS later, still not in the cart by then). A newer add
 * starts over; each suggestion can be dismissed.
 */
export function useCrossSell(): { suggestions: ShopProduct[]; dismiss: (id: string) => void; clear: () => void } {
  const [suggestions, setSuggestions] = useState<ShopProduct[]>([]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let round = 0;
    const onAdded = (event: Event) => {
      const product = (event as CustomEvent<ShopProduct>).detail;
      clearTimeout(timer);
      const mine = ++round;
      const candidates = crossSellCandidates(product, loadCart());
      if (candidates.length === 0) return;
      const products = fetchProducts(candidates);
      timer = setTimeout(() => {
        void products.then((found) => {
          if (mine !== round) return;
          const inCart = new Set(loadCart().cartItems.map((line) => line.id));
          setSuggestions(found.filter((item) => !inCart.has(item.id)));
        });
      }, CROSS_SELL_DELAY_MS);
    };
    window.addEventListener(CART_ADDED_EVENT, onAdded);
    return () => {
      clearTimeout(timer);
      window.removeEventListener(CART_ADDED_EVENT, onAdded);
    };
  }, []);
  const dismiss = useCallback((id: string) => setSuggestions((old) => old.filter((item) => item.id !== id)), []);
  const clear = useCallback(() => setSuggestions([]), []);
  return { suggestions, dismiss, clear };
}
