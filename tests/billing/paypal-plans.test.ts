import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce, { RENEWAL_QUEUE } from '@lectern/plugin-ecommerce';
import { PaypalApiDouble } from '../support/paypal-api-double.js';
import { billingKit } from './billing-kit.js';

const APP = { clientId: 'paypal-platform-client', clientSecret: 'paypal-platform-secret' };
const WEBHOOK_ID = 'WH-PLATFORM-DOUBLE';
const DAY_MS = 86_400_000;

/**
 * Plans sold through PayPal, SPEC §9's default provider (issue 18, item 4): a plan renewing monthly
 * or yearly is a PayPal subscription to the billing plan the catalogue names, starting at the
 * trial's end when bought during it; its webhooks (verified with PayPal, each event once) start the
 * plan, renew it with each sale, report a failed payment (dunning), and, since PayPal cancels at
 * once, keep a cancelled plan until the end of the period paid for. LifeTime is a PayPal order,
 * captured when PayPal reports its approval. PayPal's official SDK talks to a double of its REST
 * API on loopback (PAYPAL_API_URL), which signs and verifies webhook deliveries as PayPal does.
 */
describe('platform plans through PayPal', () => {
  let t: TestKernel;
  let paypal: PaypalApiDouble;
  let platform: TestAccount;
  let superAdmin: TestMember;
  const { call, standing, billingMails, trialSite } = billingKit(() => t);

  const deliver = async (event: { id: string; event_type: string; resource: unknown }, options: { forge?: boolean; webhookId?: string } = {}) => {
    const signed = paypal.signedEvent(options.webhookId ?? WEBHOOK_ID, event, options.forge);
    return t.request({
      method: 'POST',
      url: '/api/ecommerce/webhooks/paypal',
      account: platform,
      payload: signed.body,
      headers: { 'content-type': 'application/json', ...signed.headers },
    });
  };
  const sale = (id: string, agreement: string, total: string) => ({
    id,
    state: 'completed',
    amount: { total, currency: 'USD' },
    billing_agreement_id: agreement,
  });
  /** The plan subscription the platform's shop keeps for the site. */
  const kept = (site: TestAccount) =>
    t.kernel.withSystem('test: the site’s plan subscription', async (db) => {
      const { rows } = await sql<{
        id: string;
        status: string;
        provider_subscription_id: string | null;
        cancel_at_period_end: boolean;
        current_period_end: Date;
      }>`
        SELECT s.id::text, s.status, s.provider_subscription_id, s.cancel_at_period_end, s.current_period_end
          FROM ecommerce_subscriptions s JOIN ecommerce_orders o ON o.account_id = s.account_id AND o.id = s.order_id
         WHERE o.billed_site_id = ${site.id}::uuid ORDER BY s.created_at DESC LIMIT 1`.execute(db);
      return rows[0]!;
    });

  beforeAll(async () => {
    paypal = new PaypalApiDouble(APP);
    const apiUrl = await paypal.start();
    t = await createTestKernel({ plugins: [ecommerce], env: { PAYPAL_API_URL: apiUrl } });
    ({ account: platform, superAdmin } = await t.platform());
    await call('PUT', '/api/ecommerce/settings', superAdmin, {
      offline: { enabled: true, instructions: 'Bank transfer to the platform' },
      paypal: { enabled: true, sandbox: true, ...APP, webhookId: WEBHOOK_ID },
    });
  });
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  it('sells a monthly plan during the trial as a subscription starting at its end, renews it with each sale, and keeps it to the period’s end when cancelled', async () => {
    const trialEnd = new Date(Date.now() + 10 * DAY_MS);
    const { site, owner } = await trialSite(trialEnd);
    expect((await call<{ checkout: { providers: string[] } }>('GET', '/api/account/billing', owner)).checkout.providers).toEqual(['paypal', 'offline']);

    const started = await call<{ order_number: string; redirect: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'professional',
      interval: 'month',
      provider: 'paypal',
    });
    const created = paypal.calls.filter((c) => c.path === '/v1/billing/subscriptions').at(-1)!;
    const price = PLANS.professional.pricing.paypal.monthly!;
    expect(created.body).toMatchObject({
      plan_id: price.price_id,
      start_time: trialEnd.toISOString(),
      subscriber: { email_address: owner.email },
      application_context: {
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: expect.stringMatching(new RegExp(`/dashboard/billing\\?order=${started.order_number}$`)),
      },
    });
    const subscriptionId = [...paypal.subscriptions.keys()].at(-1)!;
    expect(started.redirect).toBe(`https://www.sandbox.paypal.test/webapps/billing/subscriptions?ba_token=BA-${subscriptionId}`);

    // Approved and activated: the site is on Professional at once and keeps its trial; the same event again changes nothing.
    paypal.update(subscriptionId, { status: 'ACTIVE', next_billing_time: trialEnd.toISOString() });
    const activated = { id: 'WH-ACTIVATED', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: paypal.subscriptionResource(subscriptionId) };
    expect((await deliver(activated)).json()).toMatchObject({ duplicate: false });
    expect((await deliver(activated)).json()).toMatchObject({ duplicate: true });
    let now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active' });
    expect(new Date(now.trial_ends_at!).getTime()).toBe(trialEnd.getTime());

    // The first sale at the trial's end pays a period, to the next billing time PayPal gives: the trial is over, the owners hear of it once.
    const paidUntil = new Date(trialEnd.getTime() + 30 * DAY_MS);
    paypal.update(subscriptionId, { next_billing_time: paidUntil.toISOString() });
    const firstSale = { id: 'WH-SALE-1', event_type: 'PAYMENT.SALE.COMPLETED', resource: sale('SALE0000000001', subscriptionId, '99.00') };
    await deliver(firstSale);
    expect((await deliver(firstSale)).json()).toMatchObject({ duplicate: true });
    now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active', trial_ends_at: null });
    expect(new Date(now.billing_paid_until!).getTime()).toBe(paidUntil.getTime());
    expect((await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment received'))).toHaveLength(1);
    const billing = await call<{ subscription: { provider: string; interval: string }; invoices: Array<{ amount: number; provider: string }> }>(
      'GET',
      '/api/account/billing',
      owner,
    );
    expect(billing.subscription).toMatchObject({ provider: 'paypal', interval: 'month' });
    expect(billing.invoices).toEqual([expect.objectContaining({ amount: 9900, provider: 'paypal' })]);

    // A failed payment PayPal retries: past due, and the owners are told how to fix it; the retry's sale brings it back.
    await deliver({ id: 'WH-FAILED', event_type: 'BILLING.SUBSCRIPTION.PAYMENT.FAILED', resource: paypal.subscriptionResource(subscriptionId) });
    expect((await standing(site)).billing_status).toBe('past_due');
    expect((await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment failed'))).toHaveLength(1);
    const later = new Date(paidUntil.getTime() + 30 * DAY_MS);
    paypal.update(subscriptionId, { next_billing_time: later.toISOString() });
    await deliver({ id: 'WH-SALE-2', event_type: 'PAYMENT.SALE.COMPLETED', resource: sale('SALE0000000002', subscriptionId, '99.00') });
    expect(await standing(site)).toMatchObject({ billing_status: 'active' });

    // Cancelled by the owner: PayPal stops it at once, and its event keeps the plan until the period paid for ends.
    const cancelled = await call<{ cancel_at_period_end: boolean; period_end: string }>('POST', '/api/account/billing/cancel', owner, {});
    expect(cancelled).toMatchObject({ cancel_at_period_end: true, period_end: later.toISOString() });
    expect(paypal.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/billing/subscriptions/${subscriptionId}/cancel`,
      body: { reason: 'Cancelled by the site owner' },
    });
    expect(paypal.subscriptions.get(subscriptionId)!.status).toBe('CANCELLED');
    await deliver({ id: 'WH-CANCELLED', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: paypal.subscriptionResource(subscriptionId) });
    expect(await standing(site)).toMatchObject({ plan: 'professional', billing_status: 'active' });
    expect(await kept(site)).toMatchObject({ status: 'active', provider_subscription_id: null, cancel_at_period_end: true });

    // The period ends: the renewal check ends the plan without billing it, and the site goes read-only.
    const check = await t.kernel.withSystem('test: the plan’s end-of-period check comes due', async (db) => {
      const { rows } = await sql<{ id: string }>`
        SELECT id::text FROM pgboss.job WHERE name = ${RENEWAL_QUEUE} AND data->'data'->>'periodEnd' = ${later.toISOString()}`.execute(db);
      await sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${rows[0]!.id}::uuid`.execute(db);
      return rows[0]!.id;
    });
    await expect.poll(async () => (await t.kernel.jobs.find(check))?.state, { timeout: 15_000 }).toBe('completed');
    expect((await standing(site)).billing_status).toBe('read_only');
    expect((await billingMails(site)).filter((mail) => mail.subject.startsWith('Renewal due'))).toHaveLength(0);
  });

  it('replaces a PayPal plan by a newer one: the earlier is cancelled at PayPal, and its cancellation event leaves the new plan alone', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() - DAY_MS));
    const subscribe = async (plan: string, interval: string) => {
      await call('POST', '/api/account/billing/checkout', owner, { plan, interval, provider: 'paypal' });
      const id = [...paypal.subscriptions.keys()].at(-1)!;
      paypal.update(id, { status: 'ACTIVE', next_billing_time: new Date(Date.now() + 30 * DAY_MS).toISOString() });
      await deliver({ id: `WH-ACTIVATED-${id}`, event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: paypal.subscriptionResource(id) });
      return id;
    };
    const first = await subscribe('starter', 'month');
    // The trial had ended: no start time was asked for.
    expect(paypal.calls.filter((c) => c.path === '/v1/billing/subscriptions').at(-1)!.body.start_time).toBeUndefined();
    expect((await standing(site)).plan).toBe('starter');
    await subscribe('professional', 'year');
    expect(paypal.calls.find((c) => c.path === `/v1/billing/subscriptions/${first}/cancel`)?.body).toEqual({ reason: 'Replaced by another plan' });
    await deliver({ id: 'WH-REPLACED-CANCELLED', event_type: 'BILLING.SUBSCRIPTION.CANCELLED', resource: paypal.subscriptionResource(first) });
    expect(await standing(site)).toMatchObject({ plan: 'professional', billing_status: 'active' });
    expect(await kept(site)).toMatchObject({ status: 'active', cancel_at_period_end: false });
  });

  it('sells LifeTime as a PayPal order, captured once when PayPal reports the owner approved it', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    const started = await call<{ redirect: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'lifetime',
      interval: 'once',
      provider: 'paypal',
    });
    const created = paypal.calls.filter((c) => c.path === '/v2/checkout/orders').at(-1)!;
    const amount = PLANS.lifetime.pricing.paypal.onetime!.amount;
    const unit = (created.body.purchase_units as Array<{ custom_id: string; amount: { currency_code: string; value: string } }>)[0]!;
    expect(unit.amount).toEqual({ currency_code: 'USD', value: amount.toFixed(2) });
    const paypalOrderId = /token=(.+)$/.exec(started.redirect)![1]!;
    const approved = {
      id: 'WH-ORDER-APPROVED',
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: paypalOrderId, intent: 'CAPTURE', status: 'APPROVED', purchase_units: [{ custom_id: unit.custom_id, amount: unit.amount }] },
    };
    // Reported before the owner approved it (a replay): PayPal refuses the capture, nothing is paid or recorded, and the 502 asks PayPal to deliver it again.
    const early = await deliver(approved);
    expect(early.statusCode).toBe(502);
    expect(early.json()).toMatchObject({ error: 'provider_failed' });
    expect((await standing(site)).plan).toBe('starter');
    paypal.approveOrder(paypalOrderId);
    // The same event again, now approved: handled as a first delivery.
    expect((await deliver(approved)).json()).toMatchObject({ duplicate: false });
    expect(paypal.calls.filter((c) => c.path === `/v2/checkout/orders/${paypalOrderId}/capture`).at(-1)!.requestId).toBe(`capture-${unit.custom_id}`);
    expect(await standing(site)).toMatchObject({ plan: 'lifetime', billing_status: 'active', billing_paid_until: null });
    // PayPal's own report of the capture finds the order paid already: one payment.
    await deliver({
      id: 'WH-CAPTURE-COMPLETED',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: paypal.captureIdOf(paypalOrderId), status: 'COMPLETED', custom_id: unit.custom_id, amount: unit.amount },
    });
    const { invoices } = await call<{ invoices: Array<{ amount: number; provider: string }> }>('GET', '/api/account/billing', owner);
    expect(invoices).toEqual([expect.objectContaining({ amount: amount * 100, provider: 'paypal' })]);
  });

  it('refuses a delivery PayPal did not sign, or signed for another webhook, and changes nothing', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    await call('POST', '/api/account/billing/checkout', owner, { plan: 'professional', interval: 'month', provider: 'paypal' });
    const id = [...paypal.subscriptions.keys()].at(-1)!;
    paypal.update(id, { status: 'ACTIVE', next_billing_time: new Date(Date.now() + 5 * DAY_MS).toISOString() });
    const event = { id: 'WH-FORGED', event_type: 'BILLING.SUBSCRIPTION.ACTIVATED', resource: paypal.subscriptionResource(id) };
    const forged = await deliver(event, { forge: true });
    expect(forged.statusCode).toBe(400);
    expect((await deliver({ ...event, id: 'WH-OTHER-HOOK' }, { webhookId: 'WH-SOMEONE-ELSE' })).statusCode).toBe(400);
    expect(await standing(site)).toMatchObject({ plan: 'starter', billing_status: 'trialing' });
    // Signed for this webhook, the same event is taken.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await standing(site)).plan).toBe('professional');
  });
});
