/**
 * Window events between the theme's islands and plugins' scripts (no shared store needed):
 * - `lectern:search-open`: open the search modal.
 * - `lectern:cart-open`: the header's cart button was pressed (the e-commerce plugin opens its cart).
 * - `lectern:cart-change`: the cart in localStorage changed in this tab (the header recounts).
 */
export const SEARCH_OPEN_EVENT = 'lectern:search-open';
export const CART_OPEN_EVENT = 'lectern:cart-open';
export const CART_CHANGE_EVENT = 'lectern:cart-change';

export function emit(name: string, detail?: unknown): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
