import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import { RazorpayApiDouble, signedRazorpayEvent } from '../support/razorpay-api-double.js';
import { billingKit } from './billing-kit.js';

const KEY = { id: 'rzp_test_platform', secret: 'rzp_platform_key_secret' };
const WEBHOOK_SECRET = 'rzp_platform_webhook_secret';
const DAY_MS = 86_400_000;
const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Plans sold through Razorpay (issue 18, item 4): a plan renewing monthly or yearly is a Razorpay
 * subscription to the plan id the catalogue names, started at the trial's end when bought during
 * it; its signed webhooks (each event once) start the plan, renew it with each charge, report a
 * failed charge (dunning) and end it; the owner cancels at the cycle's end. LifeTime is a payment
 * link. Razorpay's official SDK talks to a double of its API on loopback (RAZORPAY_API_URL).
 */
describe('platform plans through Razorpay', () => {
  let t: TestKernel;
  let razorpay: RazorpayApiDouble;
  let platform: TestAccount;
  let superAdmin: TestMember;
  const { call, standing, billingMails, trialSite } = billingKit(() => t);

  const deliver = async (eventId: string, event: string, payload: Record<string, unknown>, secret = WEBHOOK_SECRET) => {
    const signed = signedRazorpayEvent(secret, event, payload);
    return t.request({
      method: 'POST',
      url: '/api/ecommerce/webhooks/razorpay',
      account: platform,
      payload: signed.body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signed.signature, 'x-razorpay-event-id': eventId },
    });
  };
  beforeAll(async () => {
    razorpay = new RazorpayApiDouble(KEY);
    const apiUrl = await razorpay.start();
    t = await createTestKernel({ plugins: [ecommerce], env: { RAZORPAY_API_URL: apiUrl } });
    ({ account: platform, superAdmin } = await t.platform());
    await call('PUT', '/api/ecommerce/settings', superAdmin, {
      offline: { enabled: true, instructions: 'Bank transfer to the platform' },
      razorpay: { enabled: true, keyId: KEY.id, keySecret: KEY.secret, webhookSecret: WEBHOOK_SECRET },
    });
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
  });

  it('sells a monthly plan during the trial as a subscription starting at its end, renews it with each charge, and ends it at the cycle’s end when cancelled', async () => {
    const trialEnd = new Date(Date.now() + 10 * DAY_MS);
    const { site, owner } = await trialSite(trialEnd);
    expect((await call<{ checkout: { providers: string[] } }>('GET', '/api/account/billing', owner)).checkout.providers).toEqual(['razorpay', 'offline']);

    const started = await call<{ order_number: string; redirect: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'professional',
      interval: 'month',
      provider: 'razorpay',
    });
    const created = razorpay.calls.at(-1)!;
    const price = PLANS.professional.pricing.razorpay.monthly!;
    expect(created).toMatchObject({ method: 'POST', path: '/v1/subscriptions', keyId: KEY.id });
    expect(created.body).toMatchObject({ plan_id: price.price_id, total_count: price.iterations, quantity: 1, start_at: unix(trialEnd) });
    const subscriptionId = `sub_Double${String(razorpay.calls.filter((c) => c.path === '/v1/subscriptions').length).padStart(6, '0')}`;
    expect(started.redirect).toBe(`https://rzp.test/i/${subscriptionId}`);
    const orderId = (created.body.notes as { order_id: string }).order_id;

    // Authorised: the site is on Professional at once and keeps its trial; the same event again changes nothing.
    const entity = {
      id: subscriptionId,
      entity: 'subscription',
      status: 'authenticated',
      notes: { order_id: orderId },
      start_at: unix(trialEnd),
      current_end: null,
    };
    expect((await deliver('evt_auth', 'subscription.authenticated', { subscription: { entity } })).json()).toMatchObject({ duplicate: false });
    expect((await deliver('evt_auth', 'subscription.authenticated', { subscription: { entity } })).json()).toMatchObject({ duplicate: true });
    let now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active' });
    expect(new Date(now.trial_ends_at!).getTime()).toBe(trialEnd.getTime());

    // The first charge at the trial's end pays a period: the trial is over and the owners hear of it, once.
    const periodEnd = new Date(trialEnd.getTime() + 30 * DAY_MS);
    const charged = {
      subscription: { entity: { ...entity, status: 'active', current_end: unix(periodEnd) } },
      payment: { entity: { id: 'pay_Double000001', entity: 'payment', amount: 9900, currency: 'USD', status: 'captured' } },
    };
    await deliver('evt_charged_1', 'subscription.charged', charged);
    expect((await deliver('evt_charged_1', 'subscription.charged', charged)).json()).toMatchObject({ duplicate: true });
    now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active', trial_ends_at: null });
    expect(new Date(now.billing_paid_until!).getTime()).toBe(unix(periodEnd) * 1000);
    expect((await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment received'))).toHaveLength(1);
    const billing = await call<{ subscription: { provider: string; interval: string }; invoices: Array<{ amount: number; provider: string }> }>(
      'GET',
      '/api/account/billing',
      owner,
    );
    expect(billing.subscription).toMatchObject({ provider: 'razorpay', interval: 'month' });
    expect(billing.invoices).toEqual([expect.objectContaining({ amount: 9900, provider: 'razorpay' })]);

    // A failed charge that Razorpay retries: past due, and the owners are told how to fix it.
    await deliver('evt_pending', 'subscription.pending', { subscription: { entity: { ...entity, status: 'pending' } } });
    expect((await standing(site)).billing_status).toBe('past_due');
    expect((await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment failed'))).toHaveLength(1);

    // Cancelled by the owner: Razorpay is asked to end it at the cycle's end; when it does, the site goes read-only.
    await call('POST', '/api/account/billing/cancel', owner, {});
    expect(razorpay.calls.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}/cancel`, body: { cancel_at_cycle_end: 1 } });
    await deliver('evt_cancelled', 'subscription.cancelled', { subscription: { entity: { ...entity, status: 'cancelled' } } });
    expect((await standing(site)).billing_status).toBe('read_only');
  });

  it('sells LifeTime through a payment link, paid once', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    const started = await call<{ redirect: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'lifetime',
      interval: 'once',
      provider: 'razorpay',
    });
    const link = razorpay.calls.at(-1)!;
    expect(link).toMatchObject({ method: 'POST', path: '/v1/payment_links', body: { amount: PLANS.lifetime.prices.onetime!.amount * 100, currency: 'USD' } });
    expect(started.redirect).toMatch(/^https:\/\/rzp\.test\/l\/plink_Double/);
    const orderId = (link.body.notes as { order_id: string }).order_id;
    await deliver('evt_link_paid', 'payment_link.paid', {
      payment_link: { entity: { id: 'plink_x', reference_id: orderId, notes: { order_id: orderId }, status: 'paid' } },
      payment: { entity: { id: 'pay_Lifetime0001', amount: PLANS.lifetime.prices.onetime!.amount * 100, currency: 'USD' } },
    });
    expect(await standing(site)).toMatchObject({ plan: 'lifetime', billing_status: 'active', billing_paid_until: null });
  });

  it('sells Starter once through Razorpay alone, at Razorpay’s one-time price', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    const onetime = PLANS.starter.pricing.razorpay.onetime!;
    expect(PLANS.starter.prices.onetime).toBeUndefined();
    const refused = await call<{ error: string }>(
      'POST',
      '/api/account/billing/checkout',
      owner,
      { plan: 'starter', interval: 'once', provider: 'offline' },
      400,
    );
    expect(refused.error).toBe('validation_failed');
    await call('POST', '/api/account/billing/checkout', owner, { plan: 'starter', interval: 'once', provider: 'razorpay' });
    const link = razorpay.calls.at(-1)!;
    expect(link).toMatchObject({ method: 'POST', path: '/v1/payment_links', body: { amount: onetime.amount * 100, currency: 'USD' } });
    const orderId = (link.body.notes as { order_id: string }).order_id;
    await deliver('evt_starter_once', 'payment_link.paid', {
      payment_link: { entity: { id: 'plink_starter', reference_id: orderId, notes: { order_id: orderId }, status: 'paid' } },
      payment: { entity: { id: 'pay_StarterOnce01', amount: onetime.amount * 100, currency: 'USD' } },
    });
    expect(await standing(site)).toMatchObject({ plan: 'starter', billing_status: 'active', trial_ends_at: null, billing_paid_until: null });
  });

  it('refuses an event not signed with the platform’s webhook secret, and changes nothing', async () => {
    const { site } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    const forged = await deliver('evt_forged', 'subscription.cancelled', { subscription: { entity: { id: 'sub_Double000001' } } }, 'not-the-secret');
    expect(forged.statusCode).toBe(400);
    expect((await standing(site)).billing_status).toBe('trialing');
  });
});
