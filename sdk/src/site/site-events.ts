/**
 * Window events between the theme's parts and plugins' browser code (no shared store needed):
 * - `lectern:search-open`: open the search modal.
 * - `lectern:cart-open`: something asked for the cart (the e-commerce plugin opens it).
 * - `lectern:cart-change`: the cart changed in this tab (the shop's parts reload it).
 */
export const SEARCH_OPEN_EVENT = 'lectern:search-open';
export const CART_OPEN_EVENT = 'lectern:cart-open';
export const CART_CHANGE_EVENT = 'lectern:cart-change';

/** Sends one of the events above (or a plugin's own `lectern:*` event) to this tab. */
export function emitSiteEvent(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
