import { useEffect, useState } from 'react';
import { useSite } from '../app/site-context.js';
import { readStorage } from '../lib/browser-storage.js';
import { CART_CHANGE_EVENT, CART_OPEN_EVENT, emit } from '../lib/events.js';
import { CartIcon } from '../widgets/icons.js';
import { CART_STORAGE_KEY, cartCount } from './cart-count.js';

/** The header's cart: the count comes from localStorage after hydration; pressing it asks the e-commerce plugin to open the cart. */
export function CartButton() {
  const { t } = useSite();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const recount = () => setCount(cartCount(readStorage('local', CART_STORAGE_KEY)));
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === CART_STORAGE_KEY) recount();
    };
    recount();
    window.addEventListener('storage', onStorage);
    window.addEventListener(CART_CHANGE_EVENT, recount);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(CART_CHANGE_EVENT, recount);
    };
  }, []);
  return (
    <button
      type="button"
      className="icon-button cart-button"
      aria-label={count > 0 ? t('header.cartCount', { count }) : t('header.cart')}
      onClick={() => emit(CART_OPEN_EVENT)}
      data-testid="header-cart"
    >
      <CartIcon />
      {count > 0 ? (
        <span className="cart-button__count" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </button>
  );
}
