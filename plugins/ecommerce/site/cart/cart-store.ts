import { useCallback, useEffect, useState } from 'react';
import { CART_CHANGE_EVENT } from '@lectern/sdk/site';
import { readCart, writeCart, type KeyValueStore } from './cart-storage.js';
import { CART_STORAGE_KEY, type Cart } from './cart-types.js';

/** localStorage, or nothing when the browser blocks it (the cart then lasts for the page). */
function browserStore(): KeyValueStore {
  try {
    return window.localStorage;
  } catch {
    return { getItem: () => null, setItem: () => undefined };
  }
}

export const loadCart = (): Cart => readCart(browserStore());

/**
 * Stores the cart and tells this tab (the header's count, the cart modal, other islands: each
 * island is a React root of its own, so they share the cart through storage and this event).
 */
export function saveCart(cart: Cart): void {
  writeCart(browserStore(), cart);
  window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT));
}

/**
 * SPEC §4: the cart kept in storage and mirrored in state, in step with other tabs (the storage
 * event) and with the other islands of this page (CART_CHANGE_EVENT after each write).
 */
export function useCart(): [Cart, (update: (cart: Cart) => Cart) => void] {
  const [cart, setCart] = useState<Cart>(loadCart);
  useEffect(() => {
    const reload = () => setCart(loadCart());
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_STORAGE_KEY) reload();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(CART_CHANGE_EVENT, reload);
    // A change between the first render and these listeners is not lost.
    reload();
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CART_CHANGE_EVENT, reload);
    };
  }, []);
  const update = useCallback((change: (cart: Cart) => Cart) => saveCart(change(loadCart())), []);
  return [cart, update];
}
