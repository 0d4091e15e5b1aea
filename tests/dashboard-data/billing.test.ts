import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import type { BillingWire } from '@lectern/sdk/wire';
import { notify } from '../notifications/helpers.js';

/** The billing answer as the dashboard reads it. */
type Billing = BillingWire;

const MB = 1024 * 1024;

describe('billing and usage', () => {
  let t: TestKernel;
  let starter: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    starter = await t.createAccount({ plan: 'starter', features: ['single_session'] });
    owner = await t.createMember(starter, { role: 'owner' });
    student = await t.createMember(starter, { role: 'student' });
    await t.createMember(starter, { role: 'student' });
    for (const n of [1, 2, 3, 4]) await t.kernel.mail.send({ accountId: starter.id, to: `p${n}@example.test`, subject: `Hello ${n}`, text: 'hi' });
    await t.kernel.inAccount(starter.id, async ({ db }) => {
      await db.insertInto('storage_buckets').values({ account_id: starter.id, id: 'media', name: 'media' }).execute();
      await db
        .insertInto('storage_objects')
        .values([
          { account_id: starter.id, bucket_id: 'media', name: 'a.png', size: 3 * MB, mimetype: 'image/png', etag: 'a' },
          { account_id: starter.id, bucket_id: 'media', name: 'b.mp4', size: 5 * MB, mimetype: 'video/mp4', etag: 'b' },
          { account_id: starter.id, bucket_id: 'media', name: 'c.pdf', size: MB / 4, mimetype: 'application/pdf', etag: 'c' },
        ])
        .execute();
    });
    await notify(t, starter, { userId: student.userId, component: 'lms', title: 'Lesson', message: 'open' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const billing = async (as: TestMember) => {
    const res = await t.request({ url: '/api/account/billing', as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Billing;
  };

  it('shows the starter plan with its prices, features and limits', async () => {
    const b = await billing(owner);
    const monthly = { amount: 29, iterations: 48, trial_days: 30 };
    const annual = { amount: 299, iterations: 4, trial_days: 30 };
    expect(b.plan).toEqual({
      id: 'starter',
      label: 'Starter',
      description: expect.any(String),
      // The prices shown are the default provider's (SPEC §9: paypal), each with the provider's id.
      prices: { monthly: { ...monthly, price_id: 'P-STARTER-MONTHLY' }, annual: { ...annual, price_id: 'P-STARTER-ANNUAL' } },
      pricing: {
        stripe: { monthly: { ...monthly, price_id: 'price_starter_monthly' }, annual: { ...annual, price_id: 'price_starter_annual' } },
        razorpay: {
          monthly: { ...monthly, price_id: 'plan_starter_monthly' },
          annual: { ...annual, price_id: 'plan_starter_annual' },
          onetime: { amount: 299, price_id: 'plan_starter_onetime' },
        },
        paypal: { monthly: { ...monthly, price_id: 'P-STARTER-MONTHLY' }, annual: { ...annual, price_id: 'P-STARTER-ANNUAL' } },
      },
      known: true,
    });
    expect(b.default_provider).toBe('paypal');
    expect(b.trial).toBeNull();
    expect(b.features).toEqual(['ai', 'aiques', 'emails', 'single_session']);
    expect(b.limits).toMatchObject({
      totalMembers: 10000,
      monthlyEmails: 10000,
      chats: 100,
      ai_tokens: 1000,
      concurrentUsers: 50,
      storage: { images: 1024, videos: 1024, storage: 1024 },
    });
  });

  it('counts what the account uses', async () => {
    expect((await billing(owner)).usage).toEqual({
      members: 3,
      emails: 4,
      storage_mb: 8.25,
      images_mb: 3,
      videos_mb: 5,
      notifications: 1,
      mau: 0,
      ai_tokens: 0,
      chats: 0,
      email_verifications: 0,
      jitsi: 0,
    });
    await t.createMember(starter, { role: 'instructor' });
    await t.kernel.mail.send({ accountId: starter.id, to: 'late@example.test', subject: 'Late', text: 'hi' });
    const usage = (await billing(owner)).usage;
    expect(usage.members).toBe(4);
    expect(usage.emails).toBe(5);
  });

  it('counts each monthly active user once, however often they sign in or refresh (SPEC §9 mau)', async () => {
    const password = 'active-Member-pass-1';
    const first = await t.createMember(starter, { role: 'student', email: 'active-one@example.test', password });
    const second = await t.createMember(starter, { role: 'student', email: 'active-two@example.test', password });
    const signIn = (email: string) => t.request({ method: 'POST', url: '/auth/v1/token?grant_type=password', account: starter, payload: { email, password } });
    const before = (await billing(owner)).usage.mau;
    expect((await signIn(first.email)).statusCode).toBe(200);
    // Signed in again (this site has single sessions on: the newest session is the one that lives).
    const session = await signIn(first.email);
    expect(session.statusCode).toBe(200);
    expect((await billing(owner)).usage.mau).toBe(before + 1);
    expect((await signIn(second.email)).statusCode).toBe(200);
    const refreshed = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=refresh_token',
      account: starter,
      payload: { refresh_token: (session.json() as { refresh_token: string }).refresh_token },
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await billing(owner)).usage.mau).toBe(before + 2);
  });

  it('lists every plan for comparison', async () => {
    const { plans } = await billing(owner);
    expect(plans.map((p) => p.id)).toEqual(['starter', 'professional', 'dedicated', 'lifetime']);
    expect(plans.find((p) => p.id === 'professional')).toMatchObject({
      label: 'Professional',
      prices: { monthly: { amount: 99 } },
      limits: { totalMembers: 100000 },
    });
    expect(plans.find((p) => p.id === 'lifetime')).toMatchObject({ prices: { onetime: { amount: 19 } }, limits: { courses: 10, groups: 3 } });
  });

  it('gives an account on an unknown plan every limit 0 and no features', async () => {
    const odd = await t.createAccount({ plan: 'legacy-gold' });
    const oddOwner = await t.createMember(odd, { role: 'owner' });
    const b = await billing(oddOwner);
    expect(b.plan).toMatchObject({ id: 'legacy-gold', known: false, prices: {} });
    expect(b.features).toEqual([]);
    expect(b.limits).toMatchObject({ totalMembers: 0, monthlyEmails: 0, courses: 0, storage: { images: 0, videos: 0, storage: 0 } });
    expect(b.usage.members).toBe(1);
  });

  it('is for managers only', async () => {
    const res = await t.request({ url: '/api/account/billing', as: student });
    expect(res.statusCode).toBe(403);
  });
});
