import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../../index.js';
import { API, onetime, shop, type Order, type Product } from '../../test/helpers.js';

const SECRET = 'whsec_test_lectern_webhook_secret';

/** A checkout.session.completed event as Stripe sends it, for one of our orders. */
function sessionCompleted(eventId: string, orderId: string, paymentIntent: string): string {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: 'checkout.session.completed',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: `cs_test_${eventId}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: paymentIntent,
        subscription: null,
        invoice: null,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
        amount_total: 2500,
        currency: 'usd',
      },
    },
  });
}

describe('Stripe webhooks', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let order: Order;

  const deliver = (payload: string, signature: string | undefined) =>
    t.request({
      method: 'POST',
      url: `${API}/webhooks/stripe`,
      account,
      payload,
      headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    });

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    buyer = await t.createMember(account, { role: 'student' });
    const call = shop(t);
    // Stripe on, with a key nothing here uses: the order is made for Stripe, its payment never started.
    await call('PUT', '/settings', owner, { offline: { enabled: true }, stripe: { enabled: true, secretKey: 'sk_test_never_called', webhookSecret: SECRET } });
    const product = await call<Product>('POST', '/products', owner, onetime('Course bundle', 2500), 201);
    ({ order } = await call<{ order: Order }>('POST', '/checkout', buyer, { items: [{ id: product.id, quantity: 1 }], provider: 'stripe' }, 201));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses a bad signature, a missing one, and a body changed after signing', async () => {
    const payload = sessionCompleted('evt_bad', order.id, 'pi_bad');
    const wrongSecret = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    for (const res of [await deliver(payload, wrongSecret), await deliver(payload, 't=1,v1=deadbeef')]) {
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('webhook_signature');
    }
    expect((await deliver(payload, undefined)).statusCode).toBe(400);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await deliver(payload.replace('"paid"', '"unpaid"'), signed)).json<{ error: string }>().error).toBe('webhook_signature');
    expect((await shop(t)<Order>('GET', `/orders/${order.id}`, owner)).status).toBe('pending');
  });

  it('handles an event delivered three times once: one payment, the order paid', async () => {
    const payload = sessionCompleted('evt_paid_once', order.id, 'pi_test_123');
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((res) => res.json<{ duplicate: boolean }>().duplicate)).toEqual([false, true, true]);

    expect(await shop(t)<Order>('GET', `/orders/${order.id}`, owner)).toMatchObject({ status: 'paid' });
    const payments = await t.kernel.withSystem('test: count payments', (db) =>
      db
        .selectFrom('ecommerce_payments' as never)
        .select(['provider', 'provider_payment_id', 'amount'] as never)
        .where('account_id' as never, '=', account.id as never)
        .execute(),
    );
    expect(payments).toEqual([{ provider: 'stripe', provider_payment_id: 'pi_test_123', amount: 2500 }]);
  });

  it('never lets a Stripe event settle an order paid another way', async () => {
    const call = shop(t);
    const product = await call<Product>('POST', '/products', owner, onetime('Offline only', 700), 201);
    const { order: offline } = await call<{ order: Order }>('POST', '/checkout', buyer, { items: [{ id: product.id, quantity: 1 }], provider: 'offline' }, 201);
    const payload = sessionCompleted('evt_other_provider', offline.id, 'pi_other');
    expect((await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).statusCode).toBe(200);
    expect((await call<Order>('GET', `/orders/${offline.id}`, owner)).status).toBe('pending');
  });

  it('answers a new event for an already paid order without paying it twice', async () => {
    const payload = sessionCompleted('evt_paid_again', order.id, 'pi_test_other');
    const res = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(res.json()).toEqual({ received: true, duplicate: false });
    const count = await t.kernel.withSystem('test: count payments', (db) =>
      db
        .selectFrom('ecommerce_payments' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id' as never, '=', account.id as never)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBe(1);
  });
});
