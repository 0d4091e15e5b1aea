import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce, { RENEWAL_GRACE_DAYS, RENEWAL_QUEUE, RENEWAL_SWEEP_QUEUE } from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';
import { runActions } from '../automation/manual-run.js';
import { signedStripeEvent } from '../support/stripe-events.js';

const SHOP = '/api/ecommerce';
const SECRET = 'whsec_fulfilment_test';

const stripeEvent = (id: string, type: string, object: Record<string, unknown>) => signedStripeEvent(SECRET, id, type, object);

describe('what a paid order delivers: courses, memberships, subscriptions', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let courseA: string;
  let courseB: string;
  let level: string;
  let triggers: RecordedTriggers;

  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const myCourses = async (who: TestMember) =>
    (await call<{ items: Array<{ course: { id: string } }> }>('GET', '/api/lms/my/courses', who)).items.map((item) => item.course.id).sort();
  const webhook = async (event: { payload: string; signature: string }) => {
    const res = await t.request({
      method: 'POST',
      url: `${SHOP}/webhooks/stripe`,
      account: site,
      payload: event.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const buy = async (productId: string, provider = 'offline', who: TestMember = buyer) =>
    (await call<{ order: { id: string } }>('POST', `${SHOP}/checkout`, who, { items: [{ id: productId, quantity: 1 }], provider }, 201)).order.id;
  const fired = async (name: string) => (await triggers.list()).filter((entry) => entry.trigger === name);
  type Subscription = { id: string; status: string; current_period_end: Date };
  const subscriptionOf = (order: string) =>
    t.kernel.withSystem(
      'test: read the subscription',
      async (db) =>
        (
          await sql<Subscription>`SELECT id::text, status, current_period_end FROM ecommerce_subscriptions WHERE account_id = ${site.id}::uuid AND order_id = ${order}::uuid`.execute(
            db,
          )
        ).rows[0]!,
    );
  type RenewalJob = { id: string; start_after: Date; state: string; data: { subscriptionId: string; periodEnd: string; phase: string } };
  const renewalJobs = (subscriptionId: string) =>
    t.kernel.withSystem(
      'test: renewal checks',
      async (db) =>
        (
          await sql<RenewalJob>`SELECT id::text, start_after, state, data->'data' AS data FROM pgboss.job WHERE name = ${RENEWAL_QUEUE} AND data->'data'->>'subscriptionId' = ${subscriptionId} ORDER BY created_on`.execute(
            db,
          )
        ).rows,
    );
  /** Runs a scheduled check now (as if its time had come) and waits for it. */
  const completed = async (id: string) => {
    const deadline = Date.now() + 15_000;
    while ((await t.kernel.jobs.find(id))?.state !== 'completed') {
      if (Date.now() > deadline) throw new Error(`job ${id} did not complete`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const runNow = async (job: RenewalJob) => {
    await t.kernel.withSystem('test: the check is due', (db) => sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${job.id}::uuid`.execute(db));
    await completed(job.id);
  };
  /** A new member who bought (and, unless it is free, was marked paid for) an offline subscription product. */
  const subscribeOffline = async (
    title: string,
    amount: number,
    duration: { value: number; parameter: string },
    grants: { membership_id: string } | { course_id: string },
  ) => {
    const product = await call<{ id: string }>('POST', `${SHOP}/products`, owner, { title, price: { type: 'subscription', amount, duration }, ...grants }, 201);
    const member = await t.createMember(site, { role: 'student' });
    const order = await buy(product.id, 'offline', member);
    if (amount > 0) await call('POST', `${SHOP}/orders/${order}/paid`, owner, {});
    return { member, order, subscription: await subscriptionOf(order) };
  };
  const renewalOrders = async (subscriptionId: string) =>
    (
      await call<{
        items: Array<{ id: string; status: string; total_amount: number; coupon: string | null; provider: string; renews_subscription_id: string | null }>;
      }>('GET', `${SHOP}/orders?limit=100`, owner)
    ).items.filter((order) => order.renews_subscription_id === subscriptionId);

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms, ecommerce] });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    buyer = await t.createMember(site, { role: 'student' });
    courseA = (await call<{ id: string }>('POST', '/api/lms/courses', owner, { title: 'Course A' }, 201)).id;
    courseB = (await call<{ id: string }>('POST', '/api/lms/courses', owner, { title: 'Course B' }, 201)).id;
    level = (await call<{ id: string }>('POST', `${SHOP}/memberships`, owner, { name: 'Gold', course_ids: [courseB] }, 201)).id;
    // Stripe on with a key nothing here uses: orders are made for Stripe, their payments never started.
    await call('PUT', `${SHOP}/settings`, owner, {
      offline: { enabled: true },
      stripe: { enabled: true, secretKey: 'sk_test_never_called', webhookSecret: SECRET },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('enrols the buyer of a course product once the order is paid, and unenrols on a full refund', async () => {
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Course A access', price: { type: 'onetime', amount: 4900 }, course_id: courseA },
      201,
    );
    const order = await buy(product.id);
    expect(await myCourses(buyer)).toEqual([]);
    await call('POST', `${SHOP}/orders/${order}/paid`, owner, {});
    expect(await myCourses(buyer)).toEqual([courseA]);
    expect(await fired('payment_success')).toEqual([
      expect.objectContaining({ accountId: site.id, userId: buyer.userId, orderId: order, amount: 4900, currency: 'USD' }),
    ]);
    await call('POST', `${SHOP}/orders/${order}/refund`, owner, {});
    expect(await myCourses(buyer)).toEqual([]);
  });

  it('starts a Stripe subscription that grants a membership, renews it, marks it past due and ends it', async () => {
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Gold monthly', price: { type: 'subscription', amount: 1900, duration: { value: 1, parameter: 'month' } }, membership_id: level },
      201,
    );
    const order = await buy(product.id, 'stripe');
    await webhook(
      stripeEvent('evt_sub_start', 'checkout.session.completed', {
        id: 'cs_1',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: 'sub_gold',
        invoice: 'in_first',
        payment_intent: null,
        metadata: { order_id: order },
      }),
    );
    expect(await myCourses(buyer)).toEqual([courseB]);
    expect(await fired('subscription_started')).toHaveLength(1);
    expect(await fired('membership_subscribed')).toEqual([expect.objectContaining({ userId: buyer.userId, membershipId: level })]);
    const grants = await call<{ items: Array<{ user_id: string; status: string; source: string }> }>('GET', `${SHOP}/memberships/${level}/members`, owner);
    expect(grants.items).toEqual([expect.objectContaining({ user_id: buyer.userId, status: 'active', source: 'subscription' })]);

    const periodEnd = Math.floor(Date.now() / 1000) + 60 * 86_400;
    const renewal = stripeEvent('evt_renew', 'invoice.paid', {
      id: 'in_second',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 1900,
      currency: 'usd',
      period_end: periodEnd,
      parent: { subscription_details: { subscription: 'sub_gold' } },
      lines: { data: [{ period: { end: periodEnd } }] },
    });
    await webhook(renewal);
    await webhook(renewal);
    expect((await fired('payment_success')).filter((entry) => entry.orderId === order)).toHaveLength(2);

    await webhook(
      stripeEvent('evt_fail', 'invoice.payment_failed', {
        id: 'in_third',
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        parent: { subscription_details: { subscription: 'sub_gold' } },
        lines: { data: [] },
      }),
    );
    const status = await t.kernel.withSystem('test: read the subscription', (db) =>
      db
        .selectFrom('ecommerce_subscriptions' as never)
        .select(['status', 'current_period_end'] as never)
        .where('account_id' as never, '=', site.id as never)
        .executeTakeFirstOrThrow(),
    );
    expect(status).toMatchObject({ status: 'past_due' });
    expect(new Date((status as { current_period_end: Date }).current_period_end).getTime()).toBe(periodEnd * 1000);

    await webhook(stripeEvent('evt_end', 'customer.subscription.deleted', { id: 'sub_gold', object: 'subscription', status: 'canceled' }));
    expect(await myCourses(buyer)).toEqual([]);
    expect(await fired('subscription_ended')).toHaveLength(1);
    expect(await fired('membership_ended')).toEqual([expect.objectContaining({ userId: buyer.userId, membershipId: level })]);
  });

  it('bills an offline subscription at the end of each period: paid, it runs on; unpaid after the grace days, it ends', async () => {
    const before = Date.now();
    const { member, order, subscription } = await subscribeOffline('Gold offline', 2500, { value: 1, parameter: 'month' }, { membership_id: level });
    expect(await myCourses(member)).toEqual([courseB]);
    expect(subscription.status).toBe('active');
    const firstEnd = new Date(subscription.current_period_end);
    const expectedEnd = new Date(before);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(Math.abs(firstEnd.getTime() - expectedEnd.getTime())).toBeLessThan(60_000);

    // The period ends: a renewal order at the full price waits for the owner; the member keeps the level meanwhile.
    const [due] = await renewalJobs(subscription.id);
    expect(due!.data).toEqual({ subscriptionId: subscription.id, periodEnd: firstEnd.toISOString(), phase: 'due' });
    expect(new Date(due!.start_after).getTime()).toBe(firstEnd.getTime());
    await runNow(due!);
    expect((await subscriptionOf(order)).status).toBe('past_due');
    const [renewal] = await renewalOrders(subscription.id);
    expect(renewal).toMatchObject({ status: 'pending', total_amount: 2500, coupon: null, provider: 'offline' });
    expect((await call<{ items: Array<{ id: string }> }>('GET', `${SHOP}/my/orders`, member)).items.map((item) => item.id)).toContain(renewal!.id);
    expect(await myCourses(member)).toEqual([courseB]);

    // Paid, the subscription runs one more month from where the last one ended, and is checked again then.
    const paidBefore = (await fired('payment_success')).length;
    await call('POST', `${SHOP}/orders/${renewal!.id}/paid`, owner, {});
    const renewed = await subscriptionOf(order);
    const secondEnd = new Date(firstEnd);
    secondEnd.setUTCMonth(secondEnd.getUTCMonth() + 1);
    expect(renewed).toMatchObject({ status: 'active' });
    expect(new Date(renewed.current_period_end).getTime()).toBe(secondEnd.getTime());
    expect((await fired('payment_success')).slice(paidBefore)).toEqual([
      expect.objectContaining({ userId: member.userId, orderId: renewal!.id, amount: 2500 }),
    ]);
    expect((await fired('subscription_started')).filter((entry) => entry.userId === member.userId)).toHaveLength(1);

    // The first period's grace check finds it renewed and does nothing.
    const jobs = await renewalJobs(subscription.id);
    const graceOfFirst = jobs.find((job) => job.data.phase === 'grace')!;
    expect(new Date(graceOfFirst.start_after).getTime()).toBe(firstEnd.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
    await runNow(graceOfFirst);
    expect((await subscriptionOf(order)).status).toBe('active');

    // The second period ends unpaid: past the grace days the subscription ends, the level with it, and the stale renewal fails.
    const secondDue = (await renewalJobs(subscription.id)).find((job) => job.data.phase === 'due' && job.data.periodEnd === secondEnd.toISOString())!;
    await runNow(secondDue);
    const unpaid = (await renewalOrders(subscription.id)).find((entry) => entry.status === 'pending')!;
    const secondGrace = (await renewalJobs(subscription.id)).find((job) => job.data.phase === 'grace' && job.data.periodEnd === secondEnd.toISOString())!;
    await runNow(secondGrace);
    expect((await subscriptionOf(order)).status).toBe('ended');
    expect(await myCourses(member)).toEqual([]);
    expect((await fired('subscription_ended')).filter((entry) => entry.userId === member.userId)).toHaveLength(1);
    expect((await fired('membership_ended')).filter((entry) => entry.userId === member.userId)).toHaveLength(1);
    expect(await call<{ status: string }>('GET', `${SHOP}/orders/${unpaid.id}`, owner)).toMatchObject({ status: 'failed' });
    const late = await t.request({ method: 'POST', url: `${SHOP}/orders/${unpaid.id}/paid`, as: owner, payload: {} });
    expect(late.statusCode).toBe(409);
  });

  it('ends an offline subscription whose renewal the owner cancels, and takes back the course it sold', async () => {
    const { member, order, subscription } = await subscribeOffline('Course A monthly', 900, { value: 1, parameter: 'week' }, { course_id: courseA });
    expect(await myCourses(member)).toEqual([courseA]);
    await runNow((await renewalJobs(subscription.id))[0]!);
    const [renewal] = await renewalOrders(subscription.id);
    await call('POST', `${SHOP}/orders/${renewal!.id}/cancel`, owner, {});
    expect((await subscriptionOf(order)).status).toBe('ended');
    expect(await myCourses(member)).toEqual([]);
    expect((await fired('subscription_ended')).filter((entry) => entry.userId === member.userId)).toHaveLength(1);
  });

  it('renews a free subscription without an order, and ends a subscription whose renewal is refunded', async () => {
    const { order: freeOrder, subscription } = await subscribeOffline('Free club', 0, { value: 2, parameter: 'week' }, { membership_id: level });
    expect(subscription.status).toBe('active');
    const end = new Date(subscription.current_period_end);
    await runNow((await renewalJobs(subscription.id))[0]!);
    const after = await subscriptionOf(freeOrder);
    expect(after.status).toBe('active');
    expect(new Date(after.current_period_end).getTime()).toBe(end.getTime() + 14 * 86_400_000);
    expect(await renewalOrders(subscription.id)).toEqual([]);
    expect((await renewalJobs(subscription.id)).filter((job) => job.state === 'created').map((job) => job.data)).toEqual([
      { subscriptionId: subscription.id, periodEnd: new Date(after.current_period_end).toISOString(), phase: 'due' },
    ]);

    const {
      member: buyer2,
      order,
      subscription: weekly,
    } = await subscribeOffline('Gold weekly', 700, { value: 1, parameter: 'week' }, { membership_id: level });
    await runNow((await renewalJobs(weekly.id))[0]!);
    const [renewal] = await renewalOrders(weekly.id);
    await call('POST', `${SHOP}/orders/${renewal!.id}/paid`, owner, {});
    expect((await subscriptionOf(order)).status).toBe('active');
    await call('POST', `${SHOP}/orders/${renewal!.id}/refund`, owner, {});
    expect((await subscriptionOf(order)).status).toBe('ended');
    expect(await myCourses(buyer2)).toEqual([]);
  });

  it('queues again, in the daily sweep, a check lost after its commit', async () => {
    const { order, subscription } = await subscribeOffline('Gold daily', 100, { value: 1, parameter: 'day' }, { membership_id: level });
    await runNow((await renewalJobs(subscription.id))[0]!);
    expect((await subscriptionOf(order)).status).toBe('past_due');
    // The period ended a while ago, and its grace check never made it to the queue.
    const ended = new Date(Date.now() - 60_000);
    await t.kernel.withSystem('test: a lost grace check', async (db) => {
      await sql`UPDATE ecommerce_subscriptions SET current_period_end = ${ended} WHERE account_id = ${site.id}::uuid AND id = ${subscription.id}::uuid`.execute(
        db,
      );
      await sql`DELETE FROM pgboss.job WHERE name = ${RENEWAL_QUEUE} AND data->'data'->>'subscriptionId' = ${subscription.id}`.execute(db);
    });
    const sweep = await t.kernel.jobs.runScheduleNow(RENEWAL_SWEEP_QUEUE);
    expect(sweep).not.toBeNull();
    await completed(sweep!);
    const [grace] = await renewalJobs(subscription.id);
    expect(grace!.data).toEqual({ subscriptionId: subscription.id, periodEnd: ended.toISOString(), phase: 'grace' });
    expect(new Date(grace!.start_after).getTime()).toBe(ended.getTime() + RENEWAL_GRACE_DAYS * 86_400_000);
    await runNow(grace!);
    expect((await subscriptionOf(order)).status).toBe('ended');
  });

  it("sends a subscription's refund to Stripe's dashboard and records it when Stripe reports it", async () => {
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Gold quarterly', price: { type: 'subscription', amount: 5000, duration: { value: 3, parameter: 'month' } }, membership_id: level },
      201,
    );
    const order = await buy(product.id, 'stripe');
    await webhook(
      stripeEvent('evt_q_start', 'checkout.session.completed', {
        id: 'cs_q',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: 'sub_q',
        invoice: 'in_q1',
        payment_intent: null,
        metadata: { order_id: order },
      }),
    );
    const refused = await t.request({ method: 'POST', url: `${SHOP}/orders/${order}/refund`, as: owner, payload: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe('refund_at_provider');
    await webhook(
      stripeEvent('evt_q_refund', 'charge.refunded', {
        id: 'ch_q1',
        object: 'charge',
        payment_intent: null,
        invoice: 'in_q1',
        amount_refunded: 5000,
        currency: 'usd',
      }),
    );
    expect(await call<{ status: string; refunded_amount: number }>('GET', `${SHOP}/orders/${order}`, owner)).toMatchObject({
      status: 'refunded',
      refunded_amount: 5000,
    });
    const grants = await call<{ items: Array<{ user_id: string; status: string }> }>('GET', `${SHOP}/memberships/${level}/members?limit=100`, owner);
    expect(grants.items.find((grant) => grant.user_id === buyer.userId)?.status).toBe('ended');
  });

  it('answers the grant_membership and revoke_membership automation actions, only for members of the account', async () => {
    const grant = [{ key: 'grant_membership', args: { membershipId: level } }];
    const holdsLevel = { conditions: [{ key: 'membership_level', args: { membershipId: level } }] };
    expect((await runActions(t, owner, [], buyer.userId, holdsLevel)).status).toBe('skipped');
    expect((await runActions(t, owner, grant, buyer.userId)).status).toBe('completed');
    expect(await myCourses(buyer)).toEqual([courseB]);
    // membership_level holds while the member has the level.
    expect((await runActions(t, owner, [], buyer.userId, holdsLevel)).status).toBe('completed');
    expect((await runActions(t, owner, [{ key: 'revoke_membership', args: { membershipId: level } }], buyer.userId)).status).toBe('completed');
    expect(await myCourses(buyer)).toEqual([]);
    expect((await runActions(t, owner, [], buyer.userId, holdsLevel)).status).toBe('skipped');

    // subscription_status: a paid subscriber is active; a member who never subscribed is "none".
    const { member: subscriber } = await subscribeOffline('Monthly club', 900, { value: 1, parameter: 'month' }, { membership_id: level });
    const status = (statuses: string[]) => ({ conditions: [{ key: 'subscription_status', args: { statuses } }] });
    expect((await runActions(t, owner, [], subscriber.userId, status(['active']))).status).toBe('completed');
    expect((await runActions(t, owner, [], subscriber.userId, status(['ended', 'none']))).status).toBe('skipped');
    const newcomer = await t.createMember(site, { role: 'student' });
    expect((await runActions(t, owner, [], newcomer.userId, status(['none']))).status).toBe('completed');

    const other = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const stranger = await t.createMember(other, { role: 'student' });
    const strangerRun = await runActions(t, owner, grant, stranger.userId);
    expect(strangerRun.steps.map((step) => step.status)).not.toContain('done');
    const grants = await call<{ items: Array<{ user_id: string }> }>('GET', `${SHOP}/memberships/${level}/members`, owner);
    expect(grants.items.map((grant) => grant.user_id)).not.toContain(stranger.userId);
  });

  it('never takes back an enrolment the student had on their own (a refund keeps their progress)', async () => {
    const listed = await t.createMember(site, { role: 'student', email: 'listed@shop.test' });
    const bulk = await call<{ results: Array<{ result: string }> }>('POST', `/api/lms/roster/${courseA}/bulk`, owner, { csv: 'listed@shop.test' });
    expect(bulk.results[0]!.result).toBe('enrolled');
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Course A again', price: { type: 'onetime', amount: 300 }, course_id: courseA },
      201,
    );
    const order = (
      await call<{ order: { id: string } }>('POST', `${SHOP}/checkout`, listed, { items: [{ id: product.id, quantity: 1 }], provider: 'offline' }, 201)
    ).order.id;
    await call('POST', `${SHOP}/orders/${order}/paid`, owner, {});
    await call('POST', `${SHOP}/orders/${order}/refund`, owner, {});
    expect(await myCourses(listed)).toEqual([courseA]);
  });

  it('keeps a level given by hand when a subscription to the same level ends', async () => {
    const member = await t.createMember(site, { role: 'student' });
    await call('PUT', `${SHOP}/memberships/${level}/members/${member.userId}`, owner, {});
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Gold yearly', price: { type: 'subscription', amount: 9900, duration: { value: 1, parameter: 'year' } }, membership_id: level },
      201,
    );
    const order = await buy(product.id, 'stripe', member);
    await webhook(
      stripeEvent('evt_manual_then_sub', 'checkout.session.completed', {
        id: 'cs_2',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        subscription: 'sub_yearly',
        invoice: 'in_y1',
        payment_intent: null,
        metadata: { order_id: order },
      }),
    );
    await webhook(stripeEvent('evt_yearly_end', 'customer.subscription.deleted', { id: 'sub_yearly', object: 'subscription', status: 'canceled' }));
    const grants = await call<{ items: Array<{ user_id: string; status: string; source: string }> }>(
      'GET',
      `${SHOP}/memberships/${level}/members?limit=100`,
      owner,
    );
    expect(grants.items.find((grant) => grant.user_id === member.userId)).toMatchObject({ status: 'active', source: 'manual' });
    expect(await myCourses(member)).toEqual([courseB]);
  });

  it('keeps a course bought on its own when a membership that also grants it ends', async () => {
    const product = await call<{ id: string }>(
      'POST',
      `${SHOP}/products`,
      owner,
      { title: 'Course B access', price: { type: 'onetime', amount: 100 }, course_id: courseB },
      201,
    );
    await call('POST', `${SHOP}/orders/${await buy(product.id)}/paid`, owner, {});
    await call('PUT', `${SHOP}/memberships/${level}/members/${buyer.userId}`, owner, {});
    await call('DELETE', `${SHOP}/memberships/${level}/members/${buyer.userId}`, owner);
    expect(await myCourses(buyer)).toEqual([courseB]);
  });
});
