import { describe, expect, it } from 'vitest';
import { addProduct, cartTotals, crossSellCandidates, dropItems, removeItem, setQuantity, withCoupon } from '../../site/cart/cart-rules.js';
import { parseCart, readCart, writeCart, type KeyValueStore } from '../../site/cart/cart-storage.js';
import { EMPTY_CART, type Cart } from '../../site/cart/cart-types.js';
import type { ShopProduct } from './shop-product.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const product = (n: number, overrides: Partial<ShopProduct> = {}): ShopProduct => ({
  id: id(n),
  title: `Product ${n}`,
  image: '',
  amount: 1000 * n,
  was: null,
  type: 'onetime',
  frequency: null,
  cross: [],
  ...overrides,
});
const subscription = (n: number) => product(n, { type: 'subscription', frequency: { value: 1, parameter: 'month' } });

function added(cart: Cart, item: ShopProduct, replace?: boolean): Cart {
  const outcome = addProduct(cart, item, replace === undefined ? {} : { replace });
  if (outcome.kind !== 'added') throw new Error(`expected added, got ${outcome.kind}`);
  return outcome.cart;
}

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

describe('stored cart', () => {
  it('round-trips the SPEC shape under the key "cart"', () => {
    const store = memoryStore();
    const cart = withCoupon(added(added(EMPTY_CART, product(1)), product(1)), 'SPRING');
    expect(writeCart(store, cart)).toBe(true);
    expect(JSON.parse(store.data.cart!)).toEqual({
      cartItems: [{ id: id(1), title: 'Product 1', image: '', quantity: 2, amount: 1000, type: 'oneTime', object: 'product' }],
      coupon: 'SPRING',
    });
    expect(readCart(store)).toEqual(cart);
  });

  it('tolerates garbage: bad JSON, wrong shapes, lines without a product id, duplicates', () => {
    expect(parseCart(null)).toEqual(EMPTY_CART);
    expect(parseCart('{not json')).toEqual(EMPTY_CART);
    expect(parseCart('42')).toEqual(EMPTY_CART);
    expect(parseCart('{"cartItems":"nope","coupon":7}')).toEqual(EMPTY_CART);
    const cart = parseCart(
      JSON.stringify([
        { id: id(1), quantity: 2, amount: 500 },
        { id: 'not-a-uuid' },
        null,
        { id: id(1), quantity: 'x' },
        { id: id(2), type: 'subscription', quantity: 9, amount: -3 },
      ]),
    );
    expect(cart.cartItems.map((line) => [line.id, line.quantity, line.amount, line.type])).toEqual([
      [id(1), 3, 500, 'oneTime'],
      [id(2), 1, 0, 'subscription'],
    ]);
    expect(cart.cartItems[1]!.frequency).toEqual({ value: 1, parameter: 'month' });
  });

  it('reads an empty cart when storage throws, and reports a refused write', () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readCart(broken)).toEqual(EMPTY_CART);
    expect(writeCart(broken, EMPTY_CART)).toBe(false);
  });
});

describe('adding', () => {
  it('adds a product once and counts the same product again as one more', () => {
    const cart = added(added(added(EMPTY_CART, product(1)), product(2)), product(1));
    expect(cart.cartItems.map((line) => [line.id, line.quantity])).toEqual([
      [id(1), 2],
      [id(2), 1],
    ]);
  });

  it('asks before a subscription joins a non-empty cart; accepted, the cart is the subscription alone', () => {
    const cart = withCoupon(added(EMPTY_CART, product(1)), 'SPRING');
    expect(addProduct(cart, subscription(9))).toEqual({ kind: 'confirm', reason: 'subscription' });
    const replaced = added(cart, subscription(9), true);
    expect(replaced).toEqual({
      cartItems: [
        expect.objectContaining({
          id: id(9),
          type: 'subscription',
          quantity: 1,
          frequency: { value: 1, parameter: 'month' },
          price: { type: 'subscription', amount: 9000, duration: { value: 1, parameter: 'month' } },
        }),
      ],
    });
  });

  it('adds a subscription to an empty cart without asking, and never more than one of it', () => {
    const cart = added(added(EMPTY_CART, subscription(9)), subscription(9));
    expect(cart.cartItems).toHaveLength(1);
    expect(cart.cartItems[0]!.quantity).toBe(1);
  });

  it('asks before another product replaces a subscription', () => {
    const cart = added(EMPTY_CART, subscription(9));
    expect(addProduct(cart, product(1))).toEqual({ kind: 'confirm', reason: 'replaceSubscription' });
    expect(added(cart, product(1), true).cartItems.map((line) => line.id)).toEqual([id(1)]);
  });
});

describe('changing the cart', () => {
  const cart = withCoupon(added(added(EMPTY_CART, product(1)), product(2)), 'SPRING');

  it('removes a line, and the coupon with the last one', () => {
    const one = removeItem(cart, id(1));
    expect(one.cartItems.map((line) => line.id)).toEqual([id(2)]);
    expect(one.coupon).toBe('SPRING');
    expect(removeItem(one, id(2))).toEqual(EMPTY_CART);
  });

  it('sets quantities between 1 and 100; zero removes the line', () => {
    expect(setQuantity(cart, id(1), 5).cartItems[0]!.quantity).toBe(5);
    expect(setQuantity(cart, id(1), 500).cartItems[0]!.quantity).toBe(100);
    expect(setQuantity(cart, id(1), 0).cartItems.map((line) => line.id)).toEqual([id(2)]);
  });

  it('drops products the site no longer sells', () => {
    expect(dropItems(cart, [id(2), id(7)]).cartItems.map((line) => line.id)).toEqual([id(1)]);
    expect(dropItems(cart, [])).toBe(cart);
  });

  it('sets and clears the coupon', () => {
    expect(withCoupon(cart, null)).toEqual({ cartItems: cart.cartItems });
    expect(withCoupon(cart, '  AUTUMN ').coupon).toBe('AUTUMN');
  });

  it('totals the stored prices for display until the quote answers', () => {
    expect(cartTotals(setQuantity(cart, id(1), 3))).toEqual({ count: 4, subtotal: 3 * 1000 + 2000 });
  });
});

describe('cross-sell candidates', () => {
  it('are the cross ids not in the cart, each once, never the product itself', () => {
    const cart = added(EMPTY_CART, product(2));
    expect(crossSellCandidates({ id: id(1), cross: [id(2), id(3), id(3), id(1), id(4)] }, cart)).toEqual([id(3), id(4)]);
    expect(crossSellCandidates({ id: id(1), cross: [id(2)] }, cart)).toEqual([]);
  });
});
