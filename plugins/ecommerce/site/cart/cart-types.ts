import type { Frequency } from '../../src/site/shop-product.js';

/** SPEC §3 cart item type: written `oneTime` in the stored cart (the API says `onetime`). */
export type CartItemType = 'oneTime' | 'subscription';

/**
 * SPEC §3 cart item: id (the product's), title, image, quantity, amount (unit price, minor units),
 * type and object. A subscription also carries its price fields and its frequency.
 */
export interface CartItem {
  id: string;
  title: string;
  image: string;
  quantity: number;
  amount: number;
  type: CartItemType;
  object: 'product';
  price?: { type: 'subscription'; amount: number; duration: Frequency };
  frequency?: Frequency;
}

/** SPEC §3 Cart, as kept in localStorage under `cart` (SPEC §9 storage keys). */
export interface Cart {
  cartItems: CartItem[];
  /** The applied coupon's name (set only once the site accepted it). */
  coupon?: string;
}

export const EMPTY_CART: Cart = { cartItems: [] };

/** The storage key (SPEC §9). */
export const CART_STORAGE_KEY = 'cart';

/** Most lines and most of one product (the quote API's limits). */
export const MAX_LINES = 50;
export const MAX_QUANTITY = 100;
