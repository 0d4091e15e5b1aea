import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../../index.js';
import { API, onetime, shop, type Order, type Product } from '../../test/helpers.js';
import type * as Verify from './verify.js';

const URL = `${API}/webhooks/paypal`;

// PayPal's verification API is a network call: here it accepts exactly the deliveries signed "good".
vi.mock('./verify.js', async (original) => ({
  ...(await original<typeof Verify>()),
  verifyPaypalWebhook: vi.fn(
    async (_client: unknown, _apiBase: unknown, _webhookId: string, signature: Record<string, string>) => signature['paypal-transmission-sig'] === 'good',
  ),
}));

/** The headers PayPal signs a delivery with (their values only matter to PayPal's verification API). */
const SIGNED = {
  'paypal-auth-algo': 'SHA256withRSA',
  'paypal-cert-url': 'https://api-m.sandbox.paypal.com/v1/notifications/certs/CERT-lectern-test',
  'paypal-transmission-id': 'lectern-transmission-0001',
  'paypal-transmission-sig': Buffer.from('not a real signature').toString('base64'),
  'paypal-transmission-time': new Date().toISOString(),
};

/** A PAYMENT.CAPTURE.COMPLETED event for one of our orders. */
function captureCompleted(orderId: string, eventId = 'WH-LECTERN-TEST-0001'): string {
  return JSON.stringify({
    id: eventId,
    event_version: '1.0',
    resource_type: 'capture',
    event_type: 'PAYMENT.CAPTURE.COMPLETED',
    resource: { id: 'CAPTURETEST0001', status: 'COMPLETED', custom_id: orderId, amount: { currency_code: 'USD', value: '25.00' } },
  });
}

describe('PayPal webhooks and return', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let order: Order;

  const deliver = (payload: string, headers: Record<string, string> = SIGNED) =>
    t.request({ method: 'POST', url: URL, account, payload, headers: { 'content-type': 'application/json', ...headers } });
  const status = async () => (await shop(t)<Order>('GET', `/orders/${order.id}`, owner)).status;
  const recorded = () =>
    t.kernel.withSystem('test: count events and payments', async (db) => {
      const count = async (table: string) =>
        Number(
          (
            await db
              .selectFrom(table as never)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('account_id' as never, '=', account.id as never)
              .executeTakeFirstOrThrow()
          ).n,
        );
      return { events: await count('ecommerce_webhook_events'), payments: await count('ecommerce_payments') };
    });

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    const buyer = await t.createMember(account, { role: 'student' });
    const call = shop(t);
    // Keys but no webhook id: nothing PayPal sends can be verified.
    await call('PUT', '/settings', owner, {
      offline: { enabled: true },
      paypal: { enabled: true, clientId: 'client-id', clientSecret: 'client-secret', sandbox: true },
    });
    const product = await call<Product>('POST', '/products', owner, onetime('Course bundle', 2500), 201);
    ({ order } = await call<{ order: Order }>('POST', '/checkout', buyer, { items: [{ id: product.id, quantity: 1 }], provider: 'paypal' }, 201));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a delivery it cannot verify (no webhook id set) and changes nothing', async () => {
    const payload = captureCompleted(order.id);
    for (const res of [await deliver(payload), await deliver(payload, {})]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('webhook_signature');
    }
    expect(await status()).toBe('pending');
    expect(await recorded()).toEqual({ events: 0, payments: 0 });
  });

  it('refuses a body that is not a PayPal event', async () => {
    const res = await deliver('{"not":"an event"}');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('webhook_signature');
  });

  it('sends a return for an order PayPal did not start back to the checkout, without capturing', async () => {
    const res = await t.request({ url: `${API}/paypal/return?token=PAYPALORDER0001&order=${order.id}&PayerID=ABC`, account });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/\/checkout\?payment=failed$/);
    expect(await status()).toBe('pending');
    expect((await t.request({ url: `${API}/paypal/return?token=x&order=not-a-uuid`, account })).statusCode).toBe(400);
  });

  it('once verified, handles a capture delivered three times once, then a refund made in PayPal', async () => {
    await shop(t)('PUT', '/settings', owner, { paypal: { enabled: false, clientId: 'client-id', webhookId: 'WEBHOOKID0001', sandbox: true } });
    const good = { ...SIGNED, 'paypal-transmission-sig': 'good' };
    expect((await deliver(captureCompleted(order.id, 'WH-FORGED'))).json<{ error: string }>().error).toBe('webhook_signature');

    const payload = captureCompleted(order.id, 'WH-CAPTURED');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(payload, good));
    expect(answers.map((res) => res.json<{ duplicate: boolean }>().duplicate)).toEqual([false, true, true]);
    expect(await status()).toBe('paid');
    expect(await recorded()).toEqual({ events: 1, payments: 1 });

    const refund = JSON.stringify({
      id: 'WH-REFUNDED',
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: 'REFUNDTEST0001',
        amount: { currency_code: 'USD', value: '10.00' },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value: '10.00' } },
        links: [{ rel: 'up', href: 'https://api-m.sandbox.paypal.com/v2/payments/captures/CAPTURETEST0001', method: 'GET' }],
      },
    });
    expect((await deliver(refund, good)).json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(refund.replace('WH-REFUNDED', 'WH-REFUNDED-AGAIN'), good)).json()).toEqual({ received: true, duplicate: false });
    expect(await shop(t)<Order>('GET', `/orders/${order.id}`, owner)).toMatchObject({ status: 'paid', refunded_amount: 1000 });
  });
});
