import { describe, expect, it } from 'vitest';
import { cartCount } from './cart-count.js';

describe('the header cart count (the shop’s header widget)', () => {
  it('sums quantities of the stored cart', () => {
    expect(
      cartCount(
        JSON.stringify({
          cartItems: [
            { id: 1, quantity: 2 },
            { id: 2, quantity: 1 },
          ],
        }),
      ),
    ).toBe(3);
    expect(cartCount(JSON.stringify([{ id: 1 }, { id: 2, quantity: 4 }]))).toBe(5);
  });

  it('shows nothing for an empty or broken cart', () => {
    expect(cartCount(null)).toBe(0);
    expect(cartCount('{not json')).toBe(0);
    expect(cartCount(JSON.stringify({ cartItems: 'x' }))).toBe(0);
  });
});
