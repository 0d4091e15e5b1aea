import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';

interface Product {
  id: string;
  title: string;
  metadata: { price: { type: string; amount: number }; cross: string[] };
  course_id: string | null;
  membership_id: string | null;
}

describe('the demo shop', () => {
  let t: TestKernel;
  const account = { id: '', slug: 'demo', host: 'demo.localhost', plan: 'professional' };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms, ecommerce], seedDemo: true });
    const demo = await t.kernel.accounts.findBySlug('demo');
    account.id = demo!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sells a one-time product, a membership subscription and the course the demo student does not have', async () => {
    const res = await t.request({ url: '/api/ecommerce/products?sort=title.asc', account });
    const { items } = res.json<{ items: Product[] }>();
    expect(items.map((p) => [p.title, p.metadata.price.type])).toEqual([
      ['Design Toolkit', 'onetime'],
      ['Pro membership (monthly)', 'subscription'],
      ['Public Speaking Essentials', 'onetime'],
    ]);
    const [toolkit, membership, course] = items;
    expect(course!.course_id).not.toBeNull();
    expect(membership!.membership_id).not.toBeNull();
    expect(toolkit!.metadata.cross).toEqual([course!.id]);
  });

  it('has a valid coupon and an expired one', async () => {
    const { items } = (await t.request({ url: '/api/ecommerce/products', account })).json<{ items: Product[] }>();
    const cart = [{ id: items.find((p) => p.title === 'Design Toolkit')!.id, quantity: 1 }];
    const quote = async (coupon: string) =>
      (await t.request({ method: 'POST', url: '/api/ecommerce/cart/quote', account, payload: { items: cart, coupon } })).json<{
        coupon: { message: string };
        discount: number;
      }>();
    expect(await quote('WELCOME20')).toMatchObject({ coupon: { message: 'cart.couponApplied' }, discount: 580 });
    expect(await quote('SPRING10')).toMatchObject({ coupon: { message: 'cart.couponExpired' }, discount: 0 });
  });
});
