import { frequencyOf, isProductId } from '../../src/site/shop-product.js';
import { CART_STORAGE_KEY, EMPTY_CART, MAX_LINES, MAX_QUANTITY, type Cart, type CartItem } from './cart-types.js';

/** What the cart is kept in: localStorage in a browser, a Map in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const clampQuantity = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? Math.min(value, MAX_QUANTITY) : 1);

function itemOf(raw: unknown): CartItem | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const value = raw as Record<string, unknown>;
  if (!isProductId(value.id)) return null;
  const amount = typeof value.amount === 'number' && Number.isFinite(value.amount) && value.amount >= 0 ? Math.round(value.amount) : 0;
  const item: CartItem = {
    id: value.id,
    title: typeof value.title === 'string' ? value.title : '',
    image: typeof value.image === 'string' ? value.image : '',
    quantity: clampQuantity(value.quantity),
    amount,
    type: value.type === 'subscription' ? 'subscription' : 'oneTime',
    object: 'product',
  };
  if (item.type === 'subscription') {
    const frequency = frequencyOf(value.frequency) ?? { value: 1, parameter: 'month' };
    item.quantity = 1;
    item.frequency = frequency;
    item.price = { type: 'subscription', amount, duration: frequency };
  }
  return item;
}

/**
 * The cart from its stored text. Anything unreadable (another script's garbage, an old shape, a
 * hand edit) gives what can be saved of it, never an error: a bare array of items is accepted,
 * lines without a product id are dropped, the same product twice becomes one line.
 */
export function parseCart(text: string | null): Cart {
  if (text === null || text === '') return EMPTY_CART;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return EMPTY_CART;
  }
  const rawItems = Array.isArray(parsed) ? parsed : typeof parsed === 'object' && parsed !== null ? (parsed as { cartItems?: unknown }).cartItems : undefined;
  const items: CartItem[] = [];
  for (const raw of Array.isArray(rawItems) ? rawItems : []) {
    const item = itemOf(raw);
    if (item === null) continue;
    const same = items.find((other) => other.id === item.id);
    if (same !== undefined) same.quantity = Math.min(MAX_QUANTITY, same.type === 'subscription' ? 1 : same.quantity + item.quantity);
    else if (items.length < MAX_LINES) items.push(item);
  }
  const rawCoupon = !Array.isArray(parsed) && typeof parsed === 'object' && parsed !== null ? (parsed as { coupon?: unknown }).coupon : undefined;
  const coupon = typeof rawCoupon === 'string' ? rawCoupon.trim().slice(0, 60) : '';
  return coupon === '' ? { cartItems: items } : { cartItems: items, coupon };
}

export const serializeCart = (cart: Cart): string => JSON.stringify(cart);

/** The stored cart; an empty one when storage is blocked. */
export function readCart(store: KeyValueStore): Cart {
  try {
    return parseCart(store.getItem(CART_STORAGE_KEY));
  } catch {
    return EMPTY_CART;
  }
}

/** Stores the cart; false when storage refused (private mode, quota): the cart lives on in memory. */
export function writeCart(store: KeyValueStore, cart: Cart): boolean {
  try {
    store.setItem(CART_STORAGE_KEY, serializeCart(cart));
    return true;
  } catch {
    return false;
  }
}
