import type { ShopProduct } from '../../src/site/shop-product.js';

/** A product was just added (detail: the product): the cart modal opens and looks for cross-sells. */
export const CART_ADDED_EVENT = 'lectern:ecommerce-added';

/**
 * SPEC §7: adding to the cart updates the visitor's funnel session. The funnels plugin listens for
 * this window event (detail: `{ path: 1, query: { type: 'cart', value: <product id> } }`) and sends
 * the update; without it nothing listens and nothing happens.
 */
export const FUNNEL_UPDATE_EVENT = 'lectern:funnel-update';

export interface FunnelUpdate {
  path: number;
  query: { type: string; value: string };
}

export function emitFunnelCartUpdate(productId: string): void {
  const detail: FunnelUpdate = { path: 1, query: { type: 'cart', value: productId } };
  window.dispatchEvent(new CustomEvent(FUNNEL_UPDATE_EVENT, { detail }));
}

export function emitAdded(product: ShopProduct): void {
  window.dispatchEvent(new CustomEvent<ShopProduct>(CART_ADDED_EVENT, { detail: product }));
}
