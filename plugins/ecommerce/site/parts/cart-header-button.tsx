import { useEffect, useState } from 'react';
import { CART_CHANGE_EVENT, CART_OPEN_EVENT, emitSiteEvent, useSite, useSiteUi } from '@lectern/sdk/site';
import { cartCount } from '../cart/cart-count.js';
import { CART_STORAGE_KEY } from '../cart/cart-types.js';
import { useShopText } from '../i18n/shop-text.js';

function storedCart(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * The shop's header widget (extension point `header`): the cart button with the count of the cart
 * in browser storage, drawn with the theme's HeaderButton; pressing it opens the shop's cart modal.
 * Shown when the owner switched the header's cart on (SPEC §3 header_cart).
 */
export function CartHeaderButton() {
  const { data } = useSite();
  const { HeaderButton } = useSiteUi();
  const t = useShopText();
  const [count, setCount] = useState(0);
  useEffect(() => {
    const recount = () => setCount(cartCount(storedCart()));
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
  if (data.shell.header.header_cart !== true) return null;
  return (
    <HeaderButton
      icon="cart"
      className="cart-button"
      label={count > 0 ? t('cart.headerCount', { count }) : t('cart.headerLabel')}
      badge={count}
      onClick={() => emitSiteEvent(CART_OPEN_EVENT)}
      testId="header-cart"
    />
  );
}
