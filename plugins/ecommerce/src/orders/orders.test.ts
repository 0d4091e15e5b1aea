import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../index.js';
import { API, monthly, onetime, shop, type Order, type Product, type Quote } from '../test/helpers.js';

const DAY = 86_400_000;
const iso = (offset: number) => new Date(Date.now() + offset).toISOString();

describe('cart, coupons, checkout and orders', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let call: ReturnType<typeof shop>;
  let kit: Product;
  let guide: Product;
  let club: Product;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    call = shop(t);
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    buyer = await t.createMember(account, { role: 'student', name: 'Bea Buyer' });
    kit = await call<Product>('POST', '/products', owner, onetime('Kit', 333), 201);
    guide = await call<Product>('POST', '/products', owner, onetime('Guide', 1000), 201);
    club = await call<Product>('POST', '/products', owner, monthly('Club', 500), 201);
    const coupons = [
      { name: 'TAKE15', discount_type: 'percentage', coupon_amount: 15 },
      { name: 'FLAT500', discount_type: 'flat', coupon_amount: 500 },
      { name: 'USEDUP', discount_type: 'flat', coupon_amount: 100, usage_limit: 1 },
      { name: 'LATER', discount_type: 'flat', coupon_amount: 100, date_start: iso(DAY) },
      { name: 'GONE', discount_type: 'flat', coupon_amount: 100, date_end: iso(-DAY) },
      { name: 'ONCEEACH', discount_type: 'flat', coupon_amount: 100, per_user_limit: 1 },
    ];
    for (const coupon of coupons) await call('POST', '/coupons', owner, coupon, 201);
  });

  afterAll(async () => {
    await t?.close();
  });

  const quote = (items: Array<{ id: string; quantity: number }>, coupon?: string, as: TestMember | TestAccount = buyer) =>
    call<Quote>('POST', '/cart/quote', as, { items, ...(coupon === undefined ? {} : { coupon }) });

  it('prices a cart from the stored products, in the site currency (USD by default)', async () => {
    const priced = await quote([
      { id: kit.id, quantity: 2 },
      { id: guide.id, quantity: 1 },
      { id: kit.id, quantity: 1 },
    ]);
    expect(priced.lines.map((line) => [line.product_id, line.quantity, line.amount])).toEqual([
      [kit.id, 3, 333],
      [guide.id, 1, 1000],
    ]);
    expect(priced).toMatchObject({
      subtotal: 1999,
      discount: 0,
      total: 1999,
      coupon: null,
      missing: [],
      currency: { code: 'USD', digits: 2 },
      providers: ['offline'],
    });
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await quote([{ id: ghost, quantity: 1 }])).missing).toEqual([ghost]);
  });

  it('answers each SPEC §8 coupon message key', async () => {
    const items = [{ id: kit.id, quantity: 1 }];
    const applied = await quote(items, 'take15');
    expect(applied.coupon).toMatchObject({ name: 'TAKE15', valid: true, message: 'cart.couponApplied' });
    // 15 % of 333 is 49.95: rounded half up to 50 minor units.
    expect([applied.discount, applied.total]).toEqual([50, 283]);
    expect((await quote(items, 'FLAT500')).discount).toBe(333);
    expect((await quote(items, 'LATER')).coupon).toMatchObject({ valid: false, message: 'cart.couponUnavailable' });
    expect((await quote(items, 'GONE')).coupon).toMatchObject({ valid: false, message: 'cart.couponExpired' });
    expect((await quote(items, 'NOSUCH')).coupon).toEqual({ name: 'NOSUCH', valid: false, message: null, discount_type: null, coupon_amount: null });
    // Another site's coupon of the same name does not exist here.
    const other = await t.createAccount();
    const otherOwner = await t.createMember(other, { role: 'owner' });
    await call('POST', '/coupons', otherOwner, { name: 'ELSEWHERE', discount_type: 'flat', coupon_amount: 1 }, 201);
    expect((await quote(items, 'ELSEWHERE')).coupon?.message).toBeNull();
  });

  it('counts usage and per-user limits from orders (cart.couponLimit)', async () => {
    const items = [{ id: guide.id, quantity: 1 }];
    await call<{ order: Order }>('POST', '/checkout', buyer, { items, coupon: 'USEDUP', provider: 'offline' }, 201);
    expect((await quote(items, 'USEDUP')).coupon).toMatchObject({ valid: false, message: 'cart.couponLimit' });
    const refused = await t.request({ method: 'POST', url: `${API}/checkout`, as: buyer, payload: { items, coupon: 'USEDUP', provider: 'offline' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'coupon_rejected', details: { messageKey: 'cart.couponLimit' } });

    expect((await quote(items, 'ONCEEACH')).coupon?.message).toBe('cart.couponApplied');
    await call('POST', '/checkout', buyer, { items, coupon: 'ONCEEACH', provider: 'offline' }, 201);
    expect((await quote(items, 'ONCEEACH')).coupon?.message).toBe('cart.couponLimit');
    // Visitors and other members still may.
    expect((await quote(items, 'ONCEEACH', account)).coupon?.message).toBe('cart.couponApplied');
    const someoneElse = await t.createMember(account, { role: 'student' });
    expect((await quote(items, 'ONCEEACH', someoneElse)).coupon?.message).toBe('cart.couponApplied');
  });

  it('sells a subscription on its own', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API}/cart/quote`,
      as: buyer,
      payload: {
        items: [
          { id: club.id, quantity: 1 },
          { id: kit.id, quantity: 1 },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('subscription_alone');
    const alone = await quote([{ id: club.id, quantity: 3 }]);
    expect(alone.lines[0]).toMatchObject({ quantity: 1, amount: 500, frequency: { value: 1, parameter: 'month' } });
  });

  it('creates an offline order, lists it for its buyer, and the owner marks it paid', async () => {
    const { order, pay } = await call<{ order: Order; pay: boolean }>(
      'POST',
      '/checkout',
      buyer,
      { items: [{ id: kit.id, quantity: 2 }], coupon: 'TAKE15', provider: 'offline' },
      201,
    );
    // Offline: nothing to pay at a provider (the owner marks it paid).
    expect(pay).toBe(false);
    expect((await t.request({ method: 'POST', url: `${API}/my/orders/${order.id}/pay`, as: buyer, payload: {} })).json<{ error: string }>().error).toBe(
      'order_state',
    );
    expect(order).toMatchObject({
      status: 'pending',
      coupon: 'TAKE15',
      subtotal: 666,
      discount: 100,
      total_amount: 566,
      currency: 'USD',
      provider: 'offline',
      user_id: buyer.userId,
    });
    expect(order.order_id).toMatch(/^[0-9A-Z]{10}$/);

    const mine = await call<{ count: number; items: Order[] }>('GET', '/my/orders', buyer);
    expect(mine.items[0]!.id).toBe(order.id);
    const stranger = await t.createMember(account, { role: 'student' });
    expect((await call<{ count: number }>('GET', '/my/orders', stranger)).count).toBe(0);
    expect((await t.request({ url: `${API}/my/orders/${order.id}`, as: stranger })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `${API}/my/orders/${order.id}/pay`, as: stranger, payload: {} })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `${API}/orders/${order.id}/paid`, as: buyer, payload: {} })).statusCode).toBe(403);

    const paid = await call<Order>('POST', `/orders/${order.id}/paid`, owner, {});
    expect(paid.status).toBe('paid');
    const again = await t.request({ method: 'POST', url: `${API}/orders/${order.id}/paid`, as: owner, payload: {} });
    expect(again.json<{ error: string }>().error).toBe('order_state');
  });

  it('refunds in part and then in full; cancelling a pending order gives its coupon use back', async () => {
    const { order } = await call<{ order: Order }>('POST', '/checkout', buyer, { items: [{ id: guide.id, quantity: 1 }], provider: 'offline' }, 201);
    await call('POST', `/orders/${order.id}/paid`, owner, {});
    expect((await call<Order>('POST', `/orders/${order.id}/refund`, owner, { amount: 400 })).refunded_amount).toBe(400);
    const tooMuch = await t.request({ method: 'POST', url: `${API}/orders/${order.id}/refund`, as: owner, payload: { amount: 601 } });
    expect(tooMuch.json<{ error: string }>().error).toBe('refund_too_large');
    expect(await call<Order>('POST', `/orders/${order.id}/refund`, owner, {})).toMatchObject({ status: 'refunded', refunded_amount: 1000 });

    const counted = async () =>
      (await call<{ items: Array<{ name: string; usage_count: number }> }>('GET', '/coupons?search=flat500', owner)).items[0]!.usage_count;
    const { order: pending } = await call<{ order: Order }>(
      'POST',
      '/checkout',
      buyer,
      { items: [{ id: guide.id, quantity: 1 }], coupon: 'FLAT500', provider: 'offline' },
      201,
    );
    expect(await counted()).toBe(1);
    expect((await call<Order>('POST', `/orders/${pending.id}/cancel`, owner, {})).status).toBe('cancelled');
    expect(await counted()).toBe(0);
  });

  it('filters orders for the manager and exports them as CSV', async () => {
    const paid = await call<{ count: number; items: Order[] }>('GET', '/orders?status=paid', owner);
    expect(paid.items.every((o) => o.status === 'paid')).toBe(true);
    const all = await call<{ count: number; items: Order[] }>('GET', '/orders?limit=2', owner);
    expect(all.items).toHaveLength(2);
    expect(all.count).toBeGreaterThan(2);
    const found = await call<{ count: number; items: Order[] }>('GET', `/orders?search=${all.items[0]!.order_id.toLowerCase()}`, owner);
    expect(found.items.map((o) => o.id)).toEqual([all.items[0]!.id]);

    const csv = await t.request({ url: `${API}/orders/export.csv?status=refunded`, as: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('order_id,created_at,status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',refunded,Bea Buyer,');
    expect(lines[1]).toContain(',10.00,0.00,10.00,10.00,USD,offline,');
    expect((await t.request({ url: `${API}/orders/export.csv`, as: buyer })).statusCode).toBe(403);
  });

  it('refuses checkout without a session, with an empty cart, or with a provider that is not set up', async () => {
    const items = [{ id: kit.id, quantity: 1 }];
    expect((await t.request({ method: 'POST', url: `${API}/checkout`, account, payload: { items, provider: 'offline' } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `${API}/checkout`, as: buyer, payload: { items: [], provider: 'offline' } })).statusCode).toBe(400);
    const stripe = await t.request({ method: 'POST', url: `${API}/checkout`, as: buyer, payload: { items, provider: 'stripe' } });
    expect(stripe.json<{ error: string }>().error).toBe('provider_unavailable');
  });

  it('fails an order left unpaid at its provider a day later, giving its coupon use back', async () => {
    await call('PUT', '/settings', owner, { offline: { enabled: true }, stripe: { enabled: true, secretKey: 'sk_test_never_called' } });
    const { order, pay } = await call<{ order: Order; pay: boolean }>(
      'POST',
      '/checkout',
      buyer,
      { items: [{ id: guide.id, quantity: 1 }], coupon: 'FLAT500', provider: 'stripe' },
      201,
    );
    expect([order.status, pay]).toEqual(['pending', true]);
    const uses = async () => (await call<{ items: Array<{ usage_count: number }> }>('GET', '/coupons?search=flat500', owner)).items[0]!.usage_count;
    expect(await uses()).toBe(1);
    const job = await t.kernel.withSystem(
      'test: the expiry job',
      async (db) =>
        (
          await sql<{
            id: string;
            start_after: Date;
          }>`SELECT id::text, start_after FROM pgboss.job WHERE name = 'ecommerce-order-expire' AND id = ${order.id}::uuid`.execute(db)
        ).rows[0],
    );
    expect(new Date(job!.start_after).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    await t.kernel.withSystem('test: the expiry is due', (db) => sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${order.id}::uuid`.execute(db));
    await expect.poll(async () => (await call<Order>('GET', `/orders/${order.id}`, owner)).status, { timeout: 15_000 }).toBe('failed');
    expect(await uses()).toBe(0);
    await call('PUT', '/settings', owner, { stripe: { enabled: false } });
  });

  it('answers impossible dates and unknown countries with validation_failed, never a 500', async () => {
    const leap = '2016-12-31T23:59:60Z';
    for (const res of [
      await t.request({ url: `${API}/orders?from=${leap}`, as: owner }),
      await t.request({ url: `${API}/orders/export.csv?to=${leap}`, as: owner }),
      await t.request({
        method: 'POST',
        url: `${API}/coupons`,
        as: owner,
        payload: { name: 'LEAP', discount_type: 'flat', coupon_amount: 1, date_start: leap },
      }),
      await t.request({
        method: 'POST',
        url: `${API}/checkout`,
        as: buyer,
        payload: { items: [{ id: kit.id, quantity: 1 }], provider: 'offline', country: 'ZZ' },
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('validation_failed');
    }
  });

  it('keeps payment secrets write-only', async () => {
    const saved = await call<{ providers: Record<string, Record<string, unknown>>; secretsSet: Record<string, boolean>; webhooks: Record<string, string> }>(
      'PUT',
      '/settings',
      owner,
      {
        offline: { enabled: true },
        stripe: { enabled: false, publishableKey: 'pk_test_1', secretKey: 'sk_test_1', webhookSecret: 'whsec_1' },
      },
    );
    expect(saved.providers.stripe).toEqual({ enabled: false, publishableKey: 'pk_test_1' });
    expect(saved.secretsSet).toMatchObject({ 'stripe.secretKey': true, 'stripe.webhookSecret': true, 'paypal.clientSecret': false });
    expect(saved.webhooks.stripe).toMatch(/\/api\/ecommerce\/webhooks\/stripe$/);
    // Leaving a secret out keeps it; "" clears it.
    const kept = await call<{ secretsSet: Record<string, boolean> }>('PUT', '/settings', owner, { stripe: { enabled: true, webhookSecret: '' } });
    expect(kept.secretsSet).toMatchObject({ 'stripe.secretKey': true, 'stripe.webhookSecret': false });
    expect((await t.request({ url: `${API}/settings`, as: buyer })).statusCode).toBe(403);
  });
});
