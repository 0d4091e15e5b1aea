import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../index.js';
import { API, onetime, shop, type Order, type Product } from '../test/helpers.js';

describe('coupon usage under concurrent checkouts', () => {
  let t: TestKernel;
  let owner: TestMember;
  let buyers: TestMember[];
  let product: Product;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    const account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    buyers = await Promise.all(Array.from({ length: 20 }, () => t.createMember(account, { role: 'student' })));
    product = await shop(t)<Product>('POST', '/products', owner, onetime('Seat', 5000), 201);
    await shop(t)('POST', '/coupons', owner, { name: 'FIVE', discount_type: 'percentage', coupon_amount: 10, usage_limit: 5 }, 201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lets exactly usage_limit orders use the coupon when 20 checkouts race for it', async () => {
    const answers = await Promise.all(
      buyers.map((buyer) =>
        t.request({
          method: 'POST',
          url: `${API}/checkout`,
          as: buyer,
          payload: { items: [{ id: product.id, quantity: 1 }], coupon: 'FIVE', provider: 'offline' },
        }),
      ),
    );
    const created = answers.filter((res) => res.statusCode === 201);
    const refused = answers.filter((res) => res.statusCode !== 201);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const res of refused) expect(res.json()).toMatchObject({ statusCode: 409, error: 'coupon_rejected', details: { messageKey: 'cart.couponLimit' } });

    const orders = await shop(t)<{ count: number; items: Order[] }>('GET', '/orders?limit=100', owner);
    expect(orders.count).toBe(5);
    expect(orders.items.every((order) => order.coupon === 'FIVE' && order.discount === 500)).toBe(true);
    const coupons = await shop(t)<{ items: Array<{ usage_count: number }> }>('GET', '/coupons', owner);
    expect(coupons.items[0]!.usage_count).toBe(5);
  });
});
