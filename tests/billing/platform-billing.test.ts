import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, sql } from '@lectern/sdk';
import { PDFDocument } from 'pdf-lib';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce, { RENEWAL_QUEUE } from '@lectern/plugin-ecommerce';
import { StripeApiDouble } from '../support/stripe-api-double.js';
import { signedStripeEvent } from '../support/stripe-events.js';
import { billingKit } from './billing-kit.js';

const SECRET = 'whsec_platform_billing_test';

/** An add-on only Professional includes: its route answers only where the feature is on. */
const boardPlugin = definePlugin({
  manifest: { name: 'board', version: '1.0.0', kernel: '^0.1.0', description: 'A Professional-only add-on', feature: 'board', plans: ['professional'] },
  routes(app) {
    app.get('/ping', { config: { public: true }, schema: { response: { 200: { type: 'object', properties: { pong: { type: 'boolean' } } } } } }, async () => ({
      pong: true,
    }));
  },
});
const DAY_MS = 86_400_000;

const stripeEvent = (id: string, type: string, object: Record<string, unknown>) => signedStripeEvent(SECRET, id, type, object);

/**
 * Issue 18, item 4: the platform sells plans through the shop running on its own account. A site's
 * owner buys from their dashboard; the platform's Stripe webhooks (signed, each event once) set the
 * site's plan, convert its trial, report failed renewals to its owner (dunning) and, when the
 * subscription ends, leave the site read-only with nothing deleted. A trial that ends with nothing
 * bought lapses the same way, and 30 days later the site is suspended.
 */
describe('platform billing through the platform’s shop', () => {
  let t: TestKernel;
  let stripe: StripeApiDouble;
  let platform: TestAccount;
  let superAdmin: TestMember;
  const { call, standing, billingMails, trialSite } = billingKit(() => t);

  const deliver = async (event: { payload: string; signature: string }) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/ecommerce/webhooks/stripe',
      account: platform,
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ duplicate: boolean }>();
  };
  beforeAll(async () => {
    stripe = new StripeApiDouble();
    const stripeUrl = await stripe.start();
    t = await createTestKernel({ plugins: [ecommerce, boardPlugin], env: { STRIPE_API_URL: stripeUrl } });
    ({ account: platform, superAdmin } = await t.platform());
    // The platform's payment settings are its super-admins' (secrets write-only, as every shop's).
    await call('PUT', '/api/ecommerce/settings', superAdmin, {
      offline: { enabled: true, instructions: 'Bank transfer to the platform' },
      stripe: { enabled: true, secretKey: 'sk_test_platform', webhookSecret: SECRET },
    });
  });

  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  it('shows the owner how the platform takes payment, and refuses what it does not sell', async () => {
    const { owner } = await trialSite(new Date(Date.now() + 20 * DAY_MS));
    const billing = await call<{ standing: { status: string }; checkout: { providers: string[] } }>('GET', '/api/account/billing', owner);
    expect(billing.standing.status).toBe('trialing');
    expect(billing.checkout.providers).toEqual(['stripe', 'offline']);
    const paypal = await t.request({
      method: 'POST',
      url: '/api/account/billing/checkout',
      as: owner,
      payload: { plan: 'professional', interval: 'month', provider: 'paypal' },
    });
    expect(paypal.statusCode).toBe(409);
    expect(paypal.json<{ error: string }>().error).toBe('billing_unavailable');
    // The platform's own site sells the plans: its billing page offers none to itself.
    expect((await call<{ checkout: { providers: string[] } }>('GET', '/api/account/billing', superAdmin)).checkout.providers).toEqual([]);
    const lifetimeMonthly = await t.request({
      method: 'POST',
      url: '/api/account/billing/checkout',
      as: owner,
      payload: { plan: 'lifetime', interval: 'month', provider: 'stripe' },
    });
    expect(lifetimeMonthly.statusCode).toBe(400);
  });

  it('only the site’s owner buys its plan', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 20 * DAY_MS));
    const instructor = await t.createMember(site, { role: 'instructor' });
    const res = await t.request({
      method: 'POST',
      url: '/api/account/billing/checkout',
      as: instructor,
      payload: { plan: 'professional', interval: 'month', provider: 'offline' },
    });
    expect(res.statusCode).toBe(403);
    // The platform's shop asks again when it makes the order: a member who is not an owner has no site to pay for.
    const billing = t.kernel.billing.service;
    await expect(t.kernel.withSystem('test', (db) => billing.billableSite(db, instructor.userId, site.id))).rejects.toMatchObject({ code: 'not_found' });
    await expect(t.kernel.withSystem('test', (db) => billing.billableSite(db, owner.userId, platform.id))).rejects.toMatchObject({ code: 'not_found' });
    expect((await t.kernel.withSystem('test', (db) => billing.billableSite(db, owner.userId, site.id))).id).toBe(site.id);
  });

  it('converts a trial: card on file at checkout, the plan on at once, the first charge at the trial’s end; each signed event has one effect', async () => {
    const trialEnd = new Date(Date.now() + 12 * DAY_MS);
    const { site, owner } = await trialSite(trialEnd);
    const started = await call<{ order_number: string; redirect: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'professional',
      interval: 'month',
      provider: 'stripe',
    });
    expect(started.redirect).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = stripe.calls.at(-1)!;
    expect(session.path).toBe('/v1/checkout/sessions');
    expect(session.form.mode).toBe('subscription');
    expect(session.form['subscription_data[trial_end]']).toBe(String(Math.floor(trialEnd.getTime() / 1000)));
    expect(session.form['line_items[0][price_data][unit_amount]']).toBe('9900');
    expect(session.form['line_items[0][price_data][recurring][interval]']).toBe('month');
    const orderId = session.form['metadata[order_id]']!;

    // Stripe: the session completed with nothing to pay yet (trialing). Delivered twice.
    const completed = stripeEvent('evt_trial_checkout', 'checkout.session.completed', {
      id: 'cs_test_double_1',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'no_payment_required',
      status: 'complete',
      subscription: 'sub_trial_1',
      payment_intent: null,
      invoice: 'in_trial_0',
      client_reference_id: orderId,
      metadata: { order_id: orderId },
    });
    expect((await deliver(completed)).duplicate).toBe(false);
    expect((await deliver(completed)).duplicate).toBe(true);
    let now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active', billing_paid_until: null });
    expect(new Date(now.trial_ends_at!).getTime()).toBe(trialEnd.getTime());
    expect(await billingMails(site)).toHaveLength(1);
    expect((await billingMails(site))[0]!.subject).toContain('Professional');

    // The trial ended: Stripe charged the card on file (the first subscription_cycle invoice). Delivered twice.
    const periodEnd = Math.floor(trialEnd.getTime() / 1000) + 30 * 86_400;
    const paid = stripeEvent('evt_trial_converted', 'invoice.paid', {
      id: 'in_trial_1',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription: 'sub_trial_1',
      amount_paid: 9900,
      currency: 'usd',
      period_end: periodEnd,
      lines: { object: 'list', data: [{ period: { start: Math.floor(trialEnd.getTime() / 1000), end: periodEnd } }] },
    });
    expect((await deliver(paid)).duplicate).toBe(false);
    expect((await deliver(paid)).duplicate).toBe(true);
    // The owners hear of the payment once, with the date it pays until.
    const received = (await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment received'));
    expect(received).toHaveLength(1);
    expect(received[0]!.text).toContain(
      `paid until ${new Date(periodEnd * 1000).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}`,
    );
    now = await standing(site);
    expect(now).toMatchObject({ plan: 'professional', billing_status: 'active', trial_ends_at: null });
    expect(new Date(now.billing_paid_until!).getTime()).toBe(periodEnd * 1000);
    const payments = await t.kernel.withSystem('test: the platform’s payments for the order', (db) =>
      db
        .selectFrom('ecommerce_payments' as never)
        .select(['amount', 'provider_payment_id'] as never)
        .where('account_id' as never, '=', platform.id as never)
        .where('order_id' as never, '=', orderId as never)
        .execute(),
    );
    expect(payments).toEqual([{ amount: 9900, provider_payment_id: 'in_trial_1' }]);

    // The owner's billing page says where the site stands, what runs, and lists the receipt.
    type Billing = {
      plan: { id: string };
      trial: unknown;
      standing: { status: string; paid_until: string };
      subscription: { plan: string; interval: string; provider: string; cancel_at_period_end: boolean } | null;
      invoices: Array<{ id: string; order_number: string; amount: number; currency: string; description: string }>;
    };
    const billing = await call<Billing>('GET', '/api/account/billing', owner);
    expect(billing).toMatchObject({
      plan: { id: 'professional' },
      trial: null,
      standing: { status: 'active' },
      subscription: { plan: 'professional', interval: 'month', provider: 'stripe', cancel_at_period_end: false },
    });
    expect(Date.parse(billing.standing.paid_until)).toBe(periodEnd * 1000);
    expect(billing.invoices).toEqual([expect.objectContaining({ amount: 9900, currency: 'USD', description: 'Professional plan (monthly)' })]);
    const receipt = await t.request({ method: 'GET', url: `/api/account/billing/invoices/${billing.invoices[0]!.id}.pdf`, as: owner });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(receipt.rawPayload);
    expect(pdf.getTitle()).toBe(`Receipt ${billing.invoices[0]!.order_number}`);
    // Another site's owner gets no receipt of this one.
    const { owner: stranger } = await trialSite(new Date(Date.now() + DAY_MS));
    expect((await t.request({ method: 'GET', url: `/api/account/billing/invoices/${billing.invoices[0]!.id}.pdf`, as: stranger })).statusCode).toBe(404);

    // The owner cancels: Stripe is told to end it with the period paid for, and the page says so.
    const cancelled = await call<{ cancel_at_period_end: boolean; period_end: string }>('POST', '/api/account/billing/cancel', owner, {});
    expect(cancelled.cancel_at_period_end).toBe(true);
    const update = stripe.calls.find((c) => c.method === 'POST' && c.path === '/v1/subscriptions/sub_trial_1');
    expect(update?.form.cancel_at_period_end).toBe('true');
    expect((await call<Billing>('GET', '/api/account/billing', owner)).subscription?.cancel_at_period_end).toBe(true);
    // At the period's end Stripe deletes it: the site lapses to read-only.
    await deliver(stripeEvent('evt_cancelled_end', 'customer.subscription.deleted', { id: 'sub_trial_1', object: 'subscription', status: 'canceled' }));
    expect((await standing(site)).billing_status).toBe('read_only');
    expect((await call<Billing>('GET', '/api/account/billing', owner)).subscription).toBeNull();
  });

  it('a failed renewal reaches dunning, and a subscription that ends leaves the site read-only with nothing deleted', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 3 * DAY_MS));
    await call('POST', '/api/account/billing/checkout', owner, { plan: 'professional', interval: 'year', provider: 'stripe' });
    const orderId = stripe.calls.at(-1)!.form['metadata[order_id]']!;
    expect(stripe.calls.at(-1)!.form['line_items[0][price_data][recurring][interval]']).toBe('year');
    await deliver(
      stripeEvent('evt_dunning_checkout', 'checkout.session.completed', {
        id: 'cs_dunning',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'no_payment_required',
        subscription: 'sub_dunning',
        payment_intent: null,
        invoice: null,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
      }),
    );
    // The owner writes while the plan is good.
    const post = await call<{ id: string }>('POST', '/api/content/posts', owner, { title: 'Before the lapse' }, 201);

    const failure = (id: string) =>
      stripeEvent(id, 'invoice.payment_failed', {
        id: `in_${id}`,
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        subscription: 'sub_dunning',
        amount_due: 99900,
        currency: 'usd',
      });
    await deliver(failure('evt_fail_1'));
    await deliver(failure('evt_fail_1'));
    expect((await standing(site)).billing_status).toBe('past_due');
    // Stripe retries: each failed attempt is a dunning e-mail (the repeated delivery was not).
    await deliver(failure('evt_fail_2'));
    const dunning = (await billingMails(site)).filter((mail) => mail.subject.startsWith('Payment failed'));
    expect(dunning).toHaveLength(2);
    expect(dunning[0]!.to).toBe(owner.email);
    expect(dunning[0]!.text).toContain('/dashboard/billing');
    // Past due is not read-only: the provider is still retrying.
    await call('POST', '/api/content/posts', owner, { title: 'While past due' }, 201);

    await deliver(stripeEvent('evt_sub_gone', 'customer.subscription.deleted', { id: 'sub_dunning', object: 'subscription', status: 'canceled' }));
    const lapsed = await standing(site);
    expect(lapsed.billing_status).toBe('read_only');
    expect(lapsed.billing_lapsed_at).not.toBeNull();
    expect((await billingMails(site)).at(-1)!.subject).toContain('read-only');

    const refused = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'After the lapse' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe('account_read_only');
    // Reads, the billing page and paying again stay open; nothing was deleted.
    expect((await call<{ id: string; title: string }>('GET', `/api/content/posts/${post.id}`, owner)).title).toBe('Before the lapse');
    expect((await call<{ standing: { status: string } }>('GET', '/api/account/billing', owner)).standing.status).toBe('read_only');
    const again = await call<{ order_number: string; redirect: string | null }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'starter',
      interval: 'month',
      provider: 'offline',
    });
    expect(again.redirect).toBeNull();
    // Signing out is not refused either.
    expect((await t.request({ method: 'POST', url: '/api/site/signout', as: owner, payload: {} })).statusCode).toBe(200);
  });

  it('a new plan replaces the site’s earlier one: Stripe cancels it with the unused time prorated, and its end does not lapse the site', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() - 60_000));
    const buy = async (plan: string, subscription: string, event: string) => {
      await call('POST', '/api/account/billing/checkout', owner, { plan, interval: 'month', provider: 'stripe' });
      const orderId = stripe.calls.at(-1)!.form['metadata[order_id]']!;
      await deliver(
        stripeEvent(event, 'checkout.session.completed', {
          id: `cs_${event}`,
          object: 'checkout.session',
          mode: 'subscription',
          payment_status: 'paid',
          subscription,
          payment_intent: null,
          invoice: `in_${event}`,
          client_reference_id: orderId,
          metadata: { order_id: orderId },
        }),
      );
    };
    await buy('starter', 'sub_starter_old', 'evt_buy_starter');
    expect(await standing(site)).toMatchObject({ plan: 'starter', billing_status: 'active' });
    // The trial had ended: nothing to keep, so the first period is charged at once.
    expect(stripe.calls.at(-1)!.form['subscription_data[trial_end]']).toBeUndefined();

    await buy('professional', 'sub_professional_new', 'evt_buy_professional');
    expect(await standing(site)).toMatchObject({ plan: 'professional', billing_status: 'active' });
    const cancel = stripe.calls.find((c) => c.method === 'DELETE' && c.path === '/v1/subscriptions/sub_starter_old');
    expect(cancel?.form).toMatchObject({ prorate: 'true', invoice_now: 'true' });

    // Stripe reports the old subscription deleted: the site stays on its new plan.
    await deliver(stripeEvent('evt_old_deleted', 'customer.subscription.deleted', { id: 'sub_starter_old', object: 'subscription', status: 'canceled' }));
    expect(await standing(site)).toMatchObject({ plan: 'professional', billing_status: 'active' });
    const subscriptions = await call<{ items: Array<{ status: string; provider_subscription_id: string | null }> }>(
      'GET',
      `/api/ecommerce/subscriptions?search=${encodeURIComponent(owner.email)}`,
      superAdmin,
    );
    expect(subscriptions.items.map((item) => [item.provider_subscription_id, item.status]).sort()).toEqual([
      ['sub_professional_new', 'active'],
      ['sub_starter_old', 'ended'],
    ]);
  });

  it('an upgrade paid offline switches on a Professional-only add-on once the platform confirms the payment', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 5 * DAY_MS));
    const refused = await t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'board', enabled: true } });
    expect(refused.json<{ error: string }>().error).toBe('feature_not_in_plan');
    expect((await t.request({ method: 'GET', url: '/api/board/ping', account: site })).statusCode).toBe(404);
    const { order_number } = await call<{ order_number: string }>('POST', '/api/account/billing/checkout', owner, {
      plan: 'professional',
      interval: 'month',
      provider: 'offline',
    });
    expect((await standing(site)).plan).toBe('starter');
    // The super-admin finds the order in the platform's shop and marks it paid.
    const orders = await call<{ items: Array<{ id: string; order_id: string; status: string; total_amount: number }> }>(
      'GET',
      `/api/ecommerce/orders?search=${order_number}`,
      superAdmin,
    );
    const order = orders.items.find((item) => item.order_id === order_number)!;
    expect(order).toMatchObject({ status: 'pending', total_amount: 9900 });
    await call('POST', `/api/ecommerce/orders/${order.id}/paid`, superAdmin, {});
    const upgraded = await standing(site);
    expect(upgraded).toMatchObject({ plan: 'professional', billing_status: 'active', trial_ends_at: null });
    expect(new Date(upgraded.billing_paid_until!).getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    const billing = await call<{ features: string[] }>('GET', '/api/account/billing', owner);
    expect(billing.features).toEqual(expect.arrayContaining(['forms', 'board']));
    expect(upgraded.features).toMatchObject({ board: true });
    expect((await t.request({ method: 'GET', url: '/api/board/ping', account: site })).json()).toEqual({ pong: true });

    // The month ends: the platform bills the renewal by hand, and the owners are told what to pay, how and by when.
    const renewalCheck = await t.kernel.withSystem('test: the renewal check of the plan', async (db) => {
      const { rows } = await sql<{ id: string }>`
        SELECT j.id::text FROM pgboss.job j JOIN ecommerce_subscriptions s ON s.id::text = j.data->'data'->>'subscriptionId'
         WHERE j.name = ${RENEWAL_QUEUE} AND s.order_id = ${order.id}::uuid AND j.data->'data'->>'phase' = 'due'`.execute(db);
      await sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${rows[0]!.id}::uuid`.execute(db);
      return rows[0]!.id;
    });
    await expect.poll(async () => (await t.kernel.jobs.find(renewalCheck))?.state, { timeout: 15_000 }).toBe('completed');
    // The owners are told once the check's work has committed (the job finished with it).
    const due = (await billingMails(site)).find((mail) => mail.subject.startsWith('Renewal due for'))!;
    expect(due).toBeDefined();
    const renewal = (
      await call<{ items: Array<{ order_id: string; status: string }> }>('GET', `/api/ecommerce/orders?status=pending&limit=100`, superAdmin)
    ).items.find((item) => due.subject.endsWith(item.order_id))!;
    expect(renewal).toBeDefined();
    expect(due.text).toContain(`order ${renewal.order_id} for $99.00`);
    expect(due.text).toContain('How to pay: Bank transfer to the platform');
    expect((await standing(site)).billing_status).toBe('active');
  });

  it('reminds the owners once before the trial ends, and again before a trial a super-admin extended ends', async () => {
    const { site } = await trialSite(new Date(Date.now() + 2 * DAY_MS));
    const far = await trialSite(new Date(Date.now() + 10 * DAY_MS));
    const swept = await t.kernel.billing.sweep();
    expect(swept.reminded).toContain(site.id);
    expect(swept.reminded).not.toContain(far.site.id);
    const reminders = async () => (await billingMails(site)).filter((mail) => mail.subject.startsWith('Your trial of'));
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0]!.text).toContain('Choose a plan on the billing page');
    // The next day's sweep says nothing new.
    expect((await t.kernel.billing.sweep(new Date(Date.now() + DAY_MS))).reminded).not.toContain(site.id);
    expect(await reminders()).toHaveLength(1);
    // Extended by the platform: reminded again before the new end, not at once.
    await t.kernel.withSystem('test: the trial is extended', (db) =>
      db
        .updateTable('accounts')
        .set({ trial_ends_at: new Date(Date.now() + 20 * DAY_MS) })
        .where('id', '=', site.id)
        .execute(),
    );
    expect((await t.kernel.billing.sweep()).reminded).not.toContain(site.id);
    expect((await t.kernel.billing.sweep(new Date(Date.now() + 18 * DAY_MS))).reminded).toContain(site.id);
    expect(await reminders()).toHaveLength(2);
  });

  it('a trial that ends with nothing bought goes read-only, then suspended 30 days later; sign-in and billing stay open, nothing is deleted', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() - 60_000));
    const post = await t.kernel.inAccount(site.id, async ({ db }) => db.selectFrom('content_items').select(['id']).where('account_id', '=', site.id).execute());
    const swept = await t.kernel.billing.sweep();
    expect(swept.lapsed).toContain(site.id);
    expect((await standing(site)).billing_status).toBe('read_only');
    // A second sweep the same day changes nothing and tells nobody twice.
    expect((await t.kernel.billing.sweep()).lapsed).not.toContain(site.id);
    expect((await billingMails(site)).filter((mail) => mail.subject.includes('read-only'))).toHaveLength(1);

    // The public site is still served while read-only.
    expect((await t.request({ method: 'GET', url: '/api/content/public/posts', account: site })).statusCode).toBe(200);

    const later = new Date(Date.now() + 31 * DAY_MS);
    expect((await t.kernel.billing.sweep(later)).suspended).toContain(site.id);
    expect((await standing(site)).billing_status).toBe('suspended');
    expect((await billingMails(site)).at(-1)!.subject).toContain('suspended');
    const visitor = await t.request({ method: 'GET', url: '/api/content/public/posts', account: site });
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json<{ error: string }>().error).toBe('account_suspended');
    // The owner still reaches billing and can pay.
    expect((await call<{ standing: { status: string } }>('GET', '/api/account/billing', owner)).standing.status).toBe('suspended');
    await call('POST', '/api/account/billing/checkout', owner, { plan: 'starter', interval: 'month', provider: 'offline' });
    const after = await t.kernel.withSystem('test: content kept', (db) =>
      db.selectFrom('content_items').select(['id']).where('account_id', '=', site.id).execute(),
    );
    expect(after.length).toBe(post.length);
  });

  it('the super-admin’s billing screens list the new customer, its subscription and its order, filtered, paged and as CSV', async () => {
    const { site, owner } = await trialSite(new Date(Date.now() + 9 * DAY_MS));
    await call('POST', '/api/account/billing/checkout', owner, { plan: 'professional', interval: 'month', provider: 'stripe' });
    const orderId = stripe.calls.at(-1)!.form['metadata[order_id]']!;
    await deliver(
      stripeEvent('evt_listed_checkout', 'checkout.session.completed', {
        id: 'cs_listed',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'no_payment_required',
        subscription: 'sub_listed',
        payment_intent: null,
        invoice: null,
        client_reference_id: orderId,
        metadata: { order_id: orderId },
      }),
    );
    type Customers = { customers: Array<{ id: string; slug: string; plan: string; billing_status: string; owner_email: string | null }>; total: number };
    const found = await call<Customers>('GET', `/api/platform/billing/customers?search=${site.slug}`, superAdmin);
    expect(found.total).toBe(1);
    expect(found.customers[0]).toMatchObject({ id: site.id, plan: 'professional', billing_status: 'active', owner_email: owner.email });
    // Filtered by standing, and paged: the platform's own site is never a customer.
    await trialSite(new Date(Date.now() + 2 * DAY_MS));
    await trialSite(new Date(Date.now() + 2 * DAY_MS));
    const trialing = await call<Customers>('GET', '/api/platform/billing/customers?status=trialing&limit=1', superAdmin);
    expect(trialing.customers).toHaveLength(1);
    expect(trialing.total).toBeGreaterThan(1);
    expect(trialing.customers.every((customer) => customer.billing_status === 'trialing')).toBe(true);
    const all = await call<Customers>('GET', '/api/platform/billing/customers?limit=200', superAdmin);
    expect(all.customers.map((customer) => customer.id)).not.toContain(platform.id);
    const csv = await t.request({ method: 'GET', url: `/api/platform/billing/customers.csv?search=${site.slug}`, as: superAdmin });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('name,slug,plan,billing_status,trial_ends_at,paid_until,suspends_on,owner_name,owner_email,created_at');
    expect(csv.body).toContain(`,${site.slug},professional,active,`);
    // Only super-admins see them: the site's owner is refused on the platform and on their own site.
    expect((await t.request({ method: 'GET', url: '/api/platform/billing/customers', as: owner })).statusCode).toBe(403);

    type Subscriptions = { count: number; items: Array<{ status: string; email: string; product_title: string; site: { id: string; slug: string } | null }> };
    const subscriptions = await call<Subscriptions>('GET', `/api/ecommerce/subscriptions?search=${encodeURIComponent(owner.email)}`, superAdmin);
    expect(subscriptions.count).toBe(1);
    expect(subscriptions.items[0]).toMatchObject({
      status: 'active',
      email: owner.email,
      product_title: 'Professional plan (monthly)',
      site: { id: site.id, slug: site.slug },
    });
    const subscriptionsCsv = await t.request({
      method: 'GET',
      url: `/api/ecommerce/subscriptions/export.csv?search=${encodeURIComponent(owner.email)}`,
      as: superAdmin,
    });
    expect(subscriptionsCsv.body).toContain(site.slug);
    const orders = await call<{ items: Array<{ id: string; status: string }> }>(
      'GET',
      `/api/ecommerce/orders?search=${encodeURIComponent(owner.email)}`,
      superAdmin,
    );
    expect(orders.items.map((order) => order.id)).toContain(orderId);
  });
});
