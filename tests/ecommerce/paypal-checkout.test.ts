import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import { PaypalApiDouble } from '../support/paypal-api-double.js';

const API = '/api/ecommerce';
const APP = { clientId: 'paypal-shop-client', clientSecret: 'paypal-shop-secret' };
const WEBHOOK_ID = 'WH-SHOP-DOUBLE';

interface Order {
  id: string;
  order_id: string;
  status: string;
  refunded_amount: number;
}

/**
 * A site's shop selling through PayPal, end to end against PayPal's official SDK and a double of
 * PayPal's REST API on loopback (PAYPAL_API_URL): the buyer is sent to approve a PayPal order,
 * comes back through the return route, which captures it once (a reload or PayPal's own report
 * changes nothing); the owner refunds through PayPal; webhooks are verified with PayPal (signed
 * with the double's key for the site's webhook id), and a delivery that cannot be verified changes
 * nothing.
 */
describe('a shop paid through PayPal', () => {
  let t: TestKernel;
  let paypal: PaypalApiDouble;
  let site: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let productId: string;

  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url: `${API}${url}`, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const deliver = (account: TestAccount, event: { id: string; event_type: string; resource: unknown }, forge = false) => {
    const signed = paypal.signedEvent(WEBHOOK_ID, event, forge);
    return t.request({
      method: 'POST',
      url: `${API}/webhooks/paypal`,
      account,
      payload: signed.body,
      headers: { 'content-type': 'application/json', ...signed.headers },
    });
  };
  const back = (query: string) => t.request({ url: `${API}/paypal/return?${query}`, account: site });
  const payments = (orderId: string) =>
    t.kernel.withSystem('test: the order’s payments', async (db) => {
      const { rows } = await sql<{ kind: string; provider_payment_id: string; amount: number }>`
        SELECT kind, provider_payment_id, amount::int AS amount FROM ecommerce_payments WHERE order_id = ${orderId}::uuid ORDER BY created_at`.execute(db);
      return rows;
    });
  /** A buyer's order of the product, sent to PayPal: the order and the PayPal order it started. */
  const orderThroughPaypal = async () => {
    const { order } = await call<{ order: Order; pay: boolean }>(
      'POST',
      '/checkout',
      buyer,
      { items: [{ id: productId, quantity: 1 }], provider: 'paypal' },
      201,
    );
    const { redirect } = await call<{ redirect: string }>('POST', `/my/orders/${order.id}/pay`, buyer, {});
    return { order, paypalOrderId: new URL(redirect).searchParams.get('token')!, redirect };
  };

  beforeAll(async () => {
    paypal = new PaypalApiDouble(APP);
    t = await createTestKernel({ plugins: [ecommerce], env: { PAYPAL_API_URL: await paypal.start() } });
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
    buyer = await t.createMember(site, { role: 'student' });
    await call('PUT', '/settings', owner, { offline: { enabled: true }, paypal: { enabled: true, sandbox: true, ...APP, webhookId: WEBHOOK_ID } });
    ({ id: productId } = await call<{ id: string }>('POST', '/products', owner, { title: 'Course bundle', price: { type: 'onetime', amount: 2500 } }, 201));
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  it('captures the approved order when the buyer comes back, once however often they reload or PayPal reports it', async () => {
    const { order, paypalOrderId, redirect } = await orderThroughPaypal();
    expect(redirect).toBe(`https://www.sandbox.paypal.test/checkoutnow?token=${paypalOrderId}`);
    const created = paypal.calls.filter((c) => c.path === '/v2/checkout/orders').at(-1)!;
    expect(created.requestId).toBe(`order-${order.id}`);
    expect(created.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: order.id, amount: { currency_code: 'USD', value: '25.00' } }],
      payment_source: { paypal: { experience_context: { return_url: expect.stringContaining(`/api/ecommerce/paypal/return?order=${order.id}`) } } },
    });

    // Back before approving (the buyer pressed back): PayPal refuses the capture, the order waits.
    const early = await back(`token=${paypalOrderId}&order=${order.id}`);
    expect(early.statusCode).toBe(303);
    expect(early.headers.location).toMatch(/\/checkout\?payment=failed$/);
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).status).toBe('pending');

    paypal.approveOrder(paypalOrderId);
    for (let reload = 0; reload < 2; reload += 1) {
      const res = await back(`token=${paypalOrderId}&order=${order.id}&PayerID=BUYER123`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(new RegExp(`/thankyou\\?order=${order.order_id}$`));
    }
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).status).toBe('paid');
    const captureId = paypal.captureIdOf(paypalOrderId);
    const completed = {
      id: 'WH-CAPTURE-COMPLETED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: captureId, status: 'COMPLETED', custom_id: order.id, amount: { currency_code: 'USD', value: '25.00' } },
    };
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push((await deliver(site, completed)).json<{ duplicate: boolean }>().duplicate);
    expect(answers).toEqual([false, true, true]);
    expect(await payments(order.id)).toEqual([{ kind: 'payment', provider_payment_id: captureId, amount: 2500 }]);
  });

  it('refunds through PayPal; PayPal’s report of that refund adds nothing, a refund made in PayPal is recorded', async () => {
    const { order, paypalOrderId } = await orderThroughPaypal();
    paypal.approveOrder(paypalOrderId);
    await back(`token=${paypalOrderId}&order=${order.id}`);
    const captureId = paypal.captureIdOf(paypalOrderId);

    expect(await call<Order>('POST', `/orders/${order.id}/refund`, owner, { amount: 1000 })).toMatchObject({ status: 'paid', refunded_amount: 1000 });
    const refundCall = paypal.calls.at(-1)!;
    expect(refundCall).toMatchObject({
      method: 'POST',
      path: `/v2/payments/captures/${captureId}/refund`,
      body: { amount: { value: '10.00', currency_code: 'USD' } },
    });
    const refunded = (id: string, total: string, value: string) => ({
      id,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: {
        id: `${id}-REFUND`,
        amount: { currency_code: 'USD', value },
        seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value: total } },
        links: [{ rel: 'up', href: `https://api-m.sandbox.paypal.com/v2/payments/captures/${captureId}`, method: 'GET' }],
      },
    });
    await deliver(site, refunded('WH-OUR-REFUND', '10.00', '10.00'));
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).refunded_amount).toBe(1000);
    await deliver(site, refunded('WH-PAYPAL-REFUND', '15.00', '5.00'));
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).refunded_amount).toBe(1500);
    // The rest through PayPal: refunded in full, PayPal holds three refunds of the capture.
    expect((await call<Order>('POST', `/orders/${order.id}/refund`, owner, {})).status).toBe('refunded');
    expect(paypal.calls.at(-1)!.body).toMatchObject({ amount: { value: '10.00' } });
  });

  it('refuses a forged delivery, a body that is no event, a return for someone else’s PayPal order, and a site that cannot verify', async () => {
    const { order, paypalOrderId } = await orderThroughPaypal();
    const completed = {
      id: 'WH-FORGED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAPTURE-FORGED', status: 'COMPLETED', custom_id: order.id, amount: { currency_code: 'USD', value: '25.00' } },
    };
    const forged = await deliver(site, completed, true);
    expect(forged.statusCode).toBe(400);
    expect(forged.json<{ error: string }>().error).toBe('webhook_signature');
    const notEvent = await t.request({
      method: 'POST',
      url: `${API}/webhooks/paypal`,
      account: site,
      payload: '{"not":"an event"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(notEvent.json<{ error: string }>().error).toBe('webhook_signature');

    // Another order's PayPal token cannot pay this one.
    const other = await orderThroughPaypal();
    paypal.approveOrder(other.paypalOrderId);
    expect((await back(`token=${other.paypalOrderId}&order=${order.id}`)).headers.location).toMatch(/\/checkout\?payment=failed$/);
    expect((await back(`token=x&order=not-a-uuid`)).statusCode).toBe(400);
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).status).toBe('pending');
    expect(paypalOrderId).not.toBe(other.paypalOrderId);

    // Keys but no webhook id: nothing PayPal sends can be verified, and PayPal is not even asked.
    const unverifiable = await t.createAccount();
    const theirOwner = await t.createMember(unverifiable, { role: 'owner' });
    await call('PUT', '/settings', theirOwner, { paypal: { enabled: true, sandbox: true, ...APP } });
    const asked = paypal.calls.length;
    expect((await deliver(unverifiable, { ...completed, id: 'WH-NO-HOOK-ID' })).statusCode).toBe(400);
    expect(paypal.calls.length).toBe(asked);
    expect((await call<Order>('GET', `/orders/${order.id}`, owner)).status).toBe('pending');
  });
});
