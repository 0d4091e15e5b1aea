import type { ShopProduct } from '../../src/site/shop-product.js';
import { MAX_LINES, MAX_QUANTITY, type Cart, type CartItem } from './cart-types.js';

/** The cart line a product becomes (quantity 1). */
export function cartItemOf(product: ShopProduct): CartItem {
  const item: CartItem = {
    id: product.id,
    title: product.title,
    image: product.image,
    quantity: 1,
    amount: product.amount,
    type: product.type === 'subscription' ? 'subscription' : 'oneTime',
    object: 'product',
  };
  if (item.type === 'subscription') {
    const frequency = product.frequency ?? { value: 1, parameter: 'month' as const };
    item.frequency = frequency;
    item.price = { type: 'subscription', amount: product.amount, duration: frequency };
  }
  return item;
}

/**
 * What adding a product does: `added` with the new cart, or `confirm` when the visitor must first
 * agree to replace the cart (SPEC §5: a subscription is bought alone; the same holds the other way,
 * a product added to a cart holding a subscription). With `replace`, the cart becomes this product.
 */
export type AddOutcome = { kind: 'added'; cart: Cart } | { kind: 'confirm'; reason: 'subscription' | 'replaceSubscription' };

export function addProduct(cart: Cart, product: ShopProduct, options: { replace?: boolean } = {}): AddOutcome {
  const item = cartItemOf(product);
  const existing = cart.cartItems.find((line) => line.id === product.id);
  const others = cart.cartItems.filter((line) => line.id !== product.id);
  const conflict = item.type === 'subscription' ? others.length > 0 : others.some((line) => line.type === 'subscription');
  if (conflict) {
    if (options.replace !== true) return { kind: 'confirm', reason: item.type === 'subscription' ? 'subscription' : 'replaceSubscription' };
    // Accepted: the cart is this product alone (its coupon was priced for the old items).
    return { kind: 'added', cart: { cartItems: [item] } };
  }
  if (existing !== undefined) {
    // A subscription is bought once; another product is one more of it.
    const quantity = item.type === 'subscription' ? 1 : Math.min(MAX_QUANTITY, existing.quantity + 1);
    return { kind: 'added', cart: { ...cart, cartItems: cart.cartItems.map((line) => (line.id === product.id ? { ...line, quantity } : line)) } };
  }
  if (cart.cartItems.length >= MAX_LINES) return { kind: 'added', cart };
  return { kind: 'added', cart: { ...cart, cartItems: [...cart.cartItems, item] } };
}

export function removeItem(cart: Cart, id: string): Cart {
  const cartItems = cart.cartItems.filter((line) => line.id !== id);
  // An empty cart has nothing left to discount.
  return cartItems.length === 0 ? { cartItems } : { ...cart, cartItems };
}

/** Items the site no longer sells (the quote's `missing`) leave the cart. */
export function dropItems(cart: Cart, ids: readonly string[]): Cart {
  if (ids.length === 0) return cart;
  const gone = new Set(ids);
  const cartItems = cart.cartItems.filter((line) => !gone.has(line.id));
  return cartItems.length === 0 ? { cartItems } : { ...cart, cartItems };
}

/** A line's quantity, 1 to 100 (a subscription stays at 1); 0 or less removes the line. */
export function setQuantity(cart: Cart, id: string, quantity: number): Cart {
  if (!Number.isFinite(quantity) || quantity < 1) return removeItem(cart, id);
  const wanted = Math.min(MAX_QUANTITY, Math.floor(quantity));
  return { ...cart, cartItems: cart.cartItems.map((line) => (line.id === id ? { ...line, quantity: line.type === 'subscription' ? 1 : wanted } : line)) };
}

export function withCoupon(cart: Cart, name: string | null): Cart {
  const trimmed = name?.trim() ?? '';
  const { coupon: _old, ...rest } = cart;
  return trimmed === '' ? rest : { ...rest, coupon: trimmed };
}

/** SPEC §4 cross-sell: the product's cross ids that are not in the cart yet (each once, never itself). */
export function crossSellCandidates(product: Pick<ShopProduct, 'id' | 'cross'>, cart: Cart): string[] {
  const inCart = new Set(cart.cartItems.map((line) => line.id));
  return [...new Set(product.cross)].filter((id) => id !== product.id && !inCart.has(id));
}

export interface CartTotals {
  /** Units in the cart (what the header's badge counts). */
  count: number;
  /** Sum of the stored unit prices × quantities: shown until the site's quote answers. */
  subtotal: number;
}

export function cartTotals(cart: Cart): CartTotals {
  let count = 0;
  let subtotal = 0;
  for (const line of cart.cartItems) {
    count += line.quantity;
    subtotal += line.amount * line.quantity;
  }
  return { count, subtotal };
}

/** What the quote and checkout APIs take: ids and quantities only (prices are never sent). */
export const cartRequestItems = (cart: Cart): Array<{ id: string; quantity: number }> =>
  cart.cartItems.map((line) => ({ id: line.id, quantity: line.quantity }));
