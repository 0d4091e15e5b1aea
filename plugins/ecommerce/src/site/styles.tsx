import { SHOP_CSS } from './shop-css.js';

/** The shop's rules for server-drawn parts (the checkout frame, product blocks). */
export function ShopStyles() {
  return <style data-shop-styles="">{SHOP_CSS}</style>;
}
