import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';

const SHOP = '/api/ecommerce';
const SECRET = 'whsec_fulfilment_test';

interface Trigger {
  trigger: string;
  accountId: string;
  userId?: string;
  [key: string]: unknown;
}

/** A signed Stripe event (the SDK's own test-header helper signs it). */
function stripeEvent(id: string, type: string, object: Record<string, unknown>): { payload: string; signature: string } {
  const payload = JSON.stringify({ id, object: 'event', type, api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }) };
}

describe('what a paid order delivers: courses, memberships, subscriptions', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let courseA: string;
  let courseB: string;
  let level: string;
  const triggers: Trigger[] = [];

  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const myCourses = async (who: TestMember) => (await call<{ items: Array<{ course: { id: string } }> }>('GET', '/api/lms/my/courses', who)).items.map((item) => item.course.id).sort();
  const webhook = async (event: { payload: string; signature: string }) => {
    const res = await t.request({ method: 'POST', url: `${SHOP}/webhooks/stripe`, account: site, payload: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const buy = async (productId: string, provider = 'offline', who: TestMember = buyer) => (await call<{ order: { id: string } }>('POST', `${SHOP}/checkout`, who, { items: [{ id: productId, quantity: 1 }], provider }, 201)).order.id;
  const fired = (name: string) => triggers.filter((entry) => entry.trigger === name);

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms, ecommerce] });
    t.kernel.hooks.addAction('automation.trigger', (payload) => void triggers.push(payload as Trigger));
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    buyer = await t.createMember(site, { role: 'student' });
    courseA = (await call<{ id: string }>('POST', '/api/lms/courses', owner, { title: 'Course A' }, 201)).id;
    courseB = (await call<{ id: string }>('POST', '/api/lms/courses', owner, { title: 'Course B' }, 201)).id;
    level = (await call<{ id: string }>('POST', `${SHOP}/memberships`, owner, { name: 'Gold', course_ids: [courseB] }, 201)).id;
    // Stripe on with a key nothing here uses: orders are made for Stripe, their payments never started.
    await call('PUT', `${SHOP}/settings`, owner, { offline: { enabled: true }, stripe: { enabled: true, secretKey: 'sk_test_never_called', webhookSecret: SECRET } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('enrols the buyer of a course product once the order is paid, and unenrols on a full refund', async () => {
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Course A access', price: { type: 'onetime', amount: 4900 }, course_id: courseA }, 201);
    const order = await buy(product.id);
    expect(await myCourses(buyer)).toEqual([]);
    await call('POST', `${SHOP}/orders/${order}/paid`, owner, {});
    expect(await myCourses(buyer)).toEqual([courseA]);
    expect(fired('payment_success')).toEqual([expect.objectContaining({ accountId: site.id, userId: buyer.userId, orderId: order, amount: 4900, currency: 'USD' })]);
    await call('POST', `${SHOP}/orders/${order}/refund`, owner, {});
    expect(await myCourses(buyer)).toEqual([]);
  });

  it('starts a Stripe subscription that grants a membership, renews it, marks it past due and ends it', async () => {
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Gold monthly', price: { type: 'subscription', amount: 1900, duration: { value: 1, parameter: 'month' } }, membership_id: level }, 201);
    const order = await buy(product.id, 'stripe');
    await webhook(stripeEvent('evt_sub_start', 'checkout.session.completed', { id: 'cs_1', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', subscription: 'sub_gold', invoice: 'in_first', payment_intent: null, metadata: { order_id: order } }));
    expect(await myCourses(buyer)).toEqual([courseB]);
    expect(fired('subscription_started')).toHaveLength(1);
    expect(fired('membership_subscribed')).toEqual([expect.objectContaining({ userId: buyer.userId, membershipId: level })]);
    const grants = await call<{ items: Array<{ user_id: string; status: string; source: string }> }>('GET', `${SHOP}/memberships/${level}/members`, owner);
    expect(grants.items).toEqual([expect.objectContaining({ user_id: buyer.userId, status: 'active', source: 'subscription' })]);

    const periodEnd = Math.floor(Date.now() / 1000) + 60 * 86_400;
    const renewal = stripeEvent('evt_renew', 'invoice.paid', { id: 'in_second', object: 'invoice', billing_reason: 'subscription_cycle', amount_paid: 1900, currency: 'usd', period_end: periodEnd, parent: { subscription_details: { subscription: 'sub_gold' } }, lines: { data: [{ period: { end: periodEnd } }] } });
    await webhook(renewal);
    await webhook(renewal);
    expect(fired('payment_success').filter((entry) => entry.orderId === order)).toHaveLength(2);

    await webhook(stripeEvent('evt_fail', 'invoice.payment_failed', { id: 'in_third', object: 'invoice', billing_reason: 'subscription_cycle', parent: { subscription_details: { subscription: 'sub_gold' } }, lines: { data: [] } }));
    const status = await t.kernel.withSystem('test: read the subscription', (db) =>
      db.selectFrom('ecommerce_subscriptions' as never).select(['status', 'current_period_end'] as never).where('account_id' as never, '=', site.id as never).executeTakeFirstOrThrow(),
    );
    expect(status).toMatchObject({ status: 'past_due' });
    expect(new Date((status as { current_period_end: Date }).current_period_end).getTime()).toBe(periodEnd * 1000);

    await webhook(stripeEvent('evt_end', 'customer.subscription.deleted', { id: 'sub_gold', object: 'subscription', status: 'canceled' }));
    expect(await myCourses(buyer)).toEqual([]);
    expect(fired('subscription_ended')).toHaveLength(1);
    expect(fired('membership_ended')).toEqual([expect.objectContaining({ userId: buyer.userId, membershipId: level })]);
  });

  it("sends a subscription's refund to Stripe's dashboard and records it when Stripe reports it", async () => {
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Gold quarterly', price: { type: 'subscription', amount: 5000, duration: { value: 3, parameter: 'month' } }, membership_id: level }, 201);
    const order = await buy(product.id, 'stripe');
    await webhook(stripeEvent('evt_q_start', 'checkout.session.completed', { id: 'cs_q', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', subscription: 'sub_q', invoice: 'in_q1', payment_intent: null, metadata: { order_id: order } }));
    const refused = await t.request({ method: 'POST', url: `${SHOP}/orders/${order}/refund`, as: owner, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('refund_at_provider');
    await webhook(stripeEvent('evt_q_refund', 'charge.refunded', { id: 'ch_q1', object: 'charge', payment_intent: null, invoice: 'in_q1', amount_refunded: 5000, currency: 'usd' }));
    expect(await call<{ status: string; refunded_amount: number }>('GET', `${SHOP}/orders/${order}`, owner)).toMatchObject({ status: 'refunded', refunded_amount: 5000 });
    const grants = await call<{ items: Array<{ user_id: string; status: string }> }>('GET', `${SHOP}/memberships/${level}/members?limit=100`, owner);
    expect(grants.items.find((grant) => grant.user_id === buyer.userId)?.status).toBe('ended');
  });

  it('answers the grant_membership and revoke_membership automation actions, only for members of the account', async () => {
    const scope = { accountId: site.id, features: new Set(['lms']) };
    await t.kernel.hooks.doAction('automation.action.grant_membership', { userId: buyer.userId, membershipId: level }, scope);
    expect(await myCourses(buyer)).toEqual([courseB]);
    await t.kernel.hooks.doAction('automation.action.revoke_membership', { userId: buyer.userId, membershipId: level }, scope);
    expect(await myCourses(buyer)).toEqual([]);

    const other = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const stranger = await t.createMember(other, { role: 'student' });
    await t.kernel.hooks.doAction('automation.action.grant_membership', { userId: stranger.userId, membershipId: level }, scope);
    const grants = await call<{ items: Array<{ user_id: string }> }>('GET', `${SHOP}/memberships/${level}/members`, owner);
    expect(grants.items.map((grant) => grant.user_id)).not.toContain(stranger.userId);
  });

  it('never takes back an enrolment the student had on their own (a refund keeps their progress)', async () => {
    const listed = await t.createMember(site, { role: 'student', email: 'listed@shop.test' });
    const bulk = await call<{ results: Array<{ result: string }> }>('POST', `/api/lms/roster/${courseA}/bulk`, owner, { csv: 'listed@shop.test' });
    expect(bulk.results[0]!.result).toBe('enrolled');
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Course A again', price: { type: 'onetime', amount: 300 }, course_id: courseA }, 201);
    const order = (await call<{ order: { id: string } }>('POST', `${SHOP}/checkout`, listed, { items: [{ id: product.id, quantity: 1 }], provider: 'offline' }, 201)).order.id;
    await call('POST', `${SHOP}/orders/${order}/paid`, owner, {});
    await call('POST', `${SHOP}/orders/${order}/refund`, owner, {});
    expect(await myCourses(listed)).toEqual([courseA]);
  });

  it('keeps a level given by hand when a subscription to the same level ends', async () => {
    const member = await t.createMember(site, { role: 'student' });
    await call('PUT', `${SHOP}/memberships/${level}/members/${member.userId}`, owner, {});
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Gold yearly', price: { type: 'subscription', amount: 9900, duration: { value: 1, parameter: 'year' } }, membership_id: level }, 201);
    const order = await buy(product.id, 'stripe', member);
    await webhook(stripeEvent('evt_manual_then_sub', 'checkout.session.completed', { id: 'cs_2', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', subscription: 'sub_yearly', invoice: 'in_y1', payment_intent: null, metadata: { order_id: order } }));
    await webhook(stripeEvent('evt_yearly_end', 'customer.subscription.deleted', { id: 'sub_yearly', object: 'subscription', status: 'canceled' }));
    const grants = await call<{ items: Array<{ user_id: string; status: string; source: string }> }>('GET', `${SHOP}/memberships/${level}/members?limit=100`, owner);
    expect(grants.items.find((grant) => grant.user_id === member.userId)).toMatchObject({ status: 'active', source: 'manual' });
    expect(await myCourses(member)).toEqual([courseB]);
  });

  it('keeps a course bought on its own when a membership that also grants it ends', async () => {
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title: 'Course B access', price: { type: 'onetime', amount: 100 }, course_id: courseB }, 201);
    await call('POST', `${SHOP}/orders/${await buy(product.id)}/paid`, owner, {});
    await call('PUT', `${SHOP}/memberships/${level}/members/${buyer.userId}`, owner, {});
    await call('DELETE', `${SHOP}/memberships/${level}/members/${buyer.userId}`, owner);
    expect(await myCourses(buyer)).toEqual([courseB]);
  });
});
