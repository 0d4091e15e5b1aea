import type { ShopProduct } from '../../src/site/shop-product.js';
import type { ShopTranslate } from '../i18n/shop-text.js';
import { addProduct } from './cart-rules.js';
import { loadCart, saveCart } from './cart-store.js';
import { emitAdded, emitFunnelCartUpdate } from './shop-events.js';

export interface AddToCartOptions {
  t: ShopTranslate;
  /** Asks the visitor (window.confirm in the browser). */
  confirm: (message: string) => boolean;
  /** Goes to another page (location.assign in the browser). */
  navigate: (path: string) => void;
  /** false on /checkout itself: no modal, no redirect (the page shows the cart already). */
  openCart?: boolean;
}

/** `declined`: the visitor kept their cart; `added`: in the cart (the modal opens); `checkout`: off to /checkout. */
export type AddResult = 'added' | 'declined' | 'checkout';

/**
 * Adds a product to the stored cart (SPEC §4, §5): the same product again is one more of it; a
 * subscription in a cart holding anything else asks errors.subscriptionWarning first, and declining
 * leaves the cart as it was; accepted, the cart is the subscription alone and the visitor goes to
 * /checkout. Every add updates the funnel session (SPEC §7) and, for others, opens the cart modal.
 */
export function addToCart(product: ShopProduct, { t, confirm, navigate, openCart = true }: AddToCartOptions): AddResult {
  let outcome = addProduct(loadCart(), product);
  if (outcome.kind === 'confirm') {
    if (!confirm(t(outcome.reason === 'subscription' ? 'errors.subscriptionWarning' : 'cart.replaceSubscription'))) return 'declined';
    outcome = addProduct(loadCart(), product, { replace: true });
  }
  if (outcome.kind !== 'added') return 'declined';
  saveCart(outcome.cart);
  emitFunnelCartUpdate(product.id);
  if (!openCart) return 'added';
  if (product.type === 'subscription') {
    navigate('/checkout');
    return 'checkout';
  }
  emitAdded(product);
  return 'added';
}
