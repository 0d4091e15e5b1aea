import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../../index.js';
import { API, monthly, onetime, shop, type Order, type Product, type Quote } from '../../test/helpers.js';

const SECRET = 'rzp_webhook_secret_for_tests';
const URL = `${API}/webhooks/razorpay`;

/** Razorpay's signature: HMAC-SHA256 of the raw body under the webhook secret, hex (its webhook docs). */
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body).digest('hex');

/** A payment_link.paid event as Razorpay sends it, for one of our orders. */
function linkPaid(orderId: string, paymentId: string): string {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_TestAccount01',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: {
        entity: {
          id: 'plink_TestLink0001',
          entity: 'payment_link',
          amount: 2500,
          amount_paid: 2500,
          currency: 'INR',
          reference_id: orderId,
          notes: { order_id: orderId },
          status: 'paid',
        },
      },
      order: { entity: { id: 'order_TestOrder001', entity: 'order', amount: 2500, amount_paid: 2500, status: 'paid' } },
      payment: { entity: { id: paymentId, entity: 'payment', amount: 2500, currency: 'INR', status: 'captured', notes: { order_id: orderId } } },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

describe('Razorpay webhooks', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let product: Product;
  let order: Order;

  const deliver = (payload: string, signature: string | undefined, eventId = 'evt_rzp_1') =>
    t.request({
      method: 'POST',
      url: URL,
      account,
      payload,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId,
        ...(signature === undefined ? {} : { 'x-razorpay-signature': signature }),
      },
    });
  const status = async () => (await shop(t)<Order>('GET', `/orders/${order.id}`, owner)).status;
  const payments = () =>
    t.kernel.withSystem('test: list payments', (db) =>
      db
        .selectFrom('ecommerce_payments' as never)
        .select(['provider', 'provider_payment_id', 'amount'] as never)
        .where('account_id' as never, '=', account.id as never)
        .execute(),
    );

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    buyer = await t.createMember(account, { role: 'student' });
    const call = shop(t);
    // Razorpay on with keys nothing here uses: orders are made for Razorpay, their payments never started.
    await call('PUT', '/settings', owner, {
      offline: { enabled: true },
      razorpay: { enabled: true, keyId: 'rzp_test_key', keySecret: 'rzp_test_secret', webhookSecret: SECRET },
    });
    product = await call<Product>('POST', '/products', owner, onetime('Course bundle', 2500), 201);
    ({ order } = await call<{ order: Order }>('POST', '/checkout', buyer, { items: [{ id: product.id, quantity: 1 }], provider: 'razorpay' }, 201));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a wrong signature, a missing one, and a body changed after signing', async () => {
    const payload = linkPaid(order.id, 'pay_Bad000000001');
    for (const res of [await deliver(payload, sign(payload, 'someone_else')), await deliver(payload, 'deadbeef'), await deliver(payload, undefined)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('webhook_signature');
    }
    const tampered = await deliver(payload.replace('"captured"', '"failed"'), sign(payload));
    expect(tampered.json<{ error: string }>().error).toBe('webhook_signature');
    expect(await status()).toBe('pending');
    expect(await payments()).toEqual([]);
  });

  it('handles an event delivered three times once: one payment, the order paid', async () => {
    const payload = linkPaid(order.id, 'pay_TestPayment01');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(payload, sign(payload), 'evt_rzp_paid'));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.json<{ duplicate: boolean }>().duplicate)).toEqual([false, true, true]);
    expect(await status()).toBe('paid');
    expect(await payments()).toEqual([{ provider: 'razorpay', provider_payment_id: 'pay_TestPayment01', amount: 2500 }]);
  });

  it('fails a pending order when its link expires, and leaves a paid one alone', async () => {
    const expired = (orderId: string) =>
      JSON.stringify({
        entity: 'event',
        event: 'payment_link.expired',
        payload: { payment_link: { entity: { id: 'plink_TestLink0002', reference_id: orderId, notes: [] } } },
      });
    const paidLate = expired(order.id);
    expect((await deliver(paidLate, sign(paidLate), 'evt_rzp_expired_1')).json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toBe('paid');

    const { order: other } = await shop(t)<{ order: Order }>(
      'POST',
      '/checkout',
      buyer,
      { items: [{ id: product.id, quantity: 1 }], provider: 'razorpay' },
      201,
    );
    const payload = expired(other.id);
    expect((await deliver(payload, sign(payload), 'evt_rzp_expired_2')).statusCode).toBe(200);
    expect((await shop(t)<Order>('GET', `/orders/${other.id}`, owner)).status).toBe('failed');
  });

  it('offers Razorpay for one-time carts only', async () => {
    const call = shop(t);
    await call('PUT', '/settings', owner, { offline: { enabled: true }, razorpay: { enabled: true, keyId: 'rzp_test_key', keySecret: 'rzp_test_secret' } });
    const club = await call<Product>('POST', '/products', owner, monthly('Club', 500), 201);
    expect((await call<Quote>('POST', '/cart/quote', account, { items: [{ id: product.id, quantity: 1 }] })).providers).toEqual(['offline', 'razorpay']);
    expect((await call<Quote>('POST', '/cart/quote', account, { items: [{ id: club.id, quantity: 1 }] })).providers).toEqual(['offline']);
    const refused = await t.request({
      method: 'POST',
      url: `${API}/checkout`,
      as: buyer,
      payload: { items: [{ id: club.id, quantity: 1 }], provider: 'razorpay' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: string }>().error).toBe('provider_unavailable');
  });
});
