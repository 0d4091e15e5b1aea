import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/** 'YYYY-MM' of the month `back` months before this one (UTC). */
const monthsAgo = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};

/**
 * Usage month by month (issue 18, items 5 and 6): the owner's billing page and the super-admin's
 * view of one customer read the same monthly meters from the counters the work keeps, with the
 * site's current usage and its plan's limits.
 */
describe('usage history', () => {
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let superAdmin: TestMember;
  let platform: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel();
    ({ account: platform, superAdmin } = await t.platform());
    site = await t.createAccount({ slug: 'metered-school', name: 'Metered School', plan: 'starter' });
    other = await t.createAccount({ slug: 'other-school', plan: 'professional' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site);
    await t.kernel.withSystem('test: three months of use', async (db) => {
      await sql`
        INSERT INTO usage_counters (account_id, period, meter, value) VALUES
          (${site.id}, ${monthsAgo(0)}, 'aitokens', 420), (${site.id}, ${monthsAgo(0)}, 'chats', 7),
          (${site.id}, ${monthsAgo(2)}, 'mau', 31), (${site.id}, ${monthsAgo(2)}, 'emailverifications', 5),
          (${site.id}, ${monthsAgo(14)}, 'mau', 999),
          (${other.id}, ${monthsAgo(0)}, 'aitokens', 77777)`.execute(db);
      await sql`INSERT INTO mail_usage (account_id, month, count) VALUES (${site.id}, ${monthsAgo(1)}, 120)`.execute(db);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the owner the last months oldest first, zeros where nothing was used, only their own', async () => {
    const res = await t.request({ url: '/api/account/billing/usage-history?months=3', as: owner });
    expect(res.statusCode).toBe(200);
    const zero = { mau: 0, emails: 0, ai_tokens: 0, chats: 0, email_verifications: 0, notifications: 0, jitsi: 0 };
    expect(res.json().months).toEqual([
      { ...zero, period: monthsAgo(2), mau: 31, email_verifications: 5 },
      { ...zero, period: monthsAgo(1), emails: 120 },
      // This month also counts the owner's and the student's sign-ins made by the test kit.
      expect.objectContaining({ period: monthsAgo(0), ai_tokens: 420, chats: 7, emails: 0 }),
    ]);
    // A year by default; never more than two.
    expect((await t.request({ url: '/api/account/billing/usage-history', as: owner })).json().months).toHaveLength(12);
    expect((await t.request({ url: '/api/account/billing/usage-history?months=25', as: owner })).statusCode).toBe(400);
    expect((await t.request({ url: '/api/account/billing/usage-history', as: student })).statusCode).toBe(403);
  });

  it("shows the super-admin one customer's usage now, its months and its plan's limits", async () => {
    const res = await t.request({ url: `/api/platform/billing/customers/${site.id}/usage?months=15`, as: superAdmin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.account).toEqual({ id: site.id, slug: 'metered-school', name: 'Metered School', plan: 'starter', billing_status: expect.any(String) });
    expect(body.limits).toEqual(PLANS.starter.limits);
    expect(body.usage).toMatchObject({ members: 2, ai_tokens: 420, chats: 7 });
    expect(body.months).toHaveLength(15);
    expect(body.months[0]).toMatchObject({ period: monthsAgo(14), mau: 999 });
    expect(body.months.at(-1)).toMatchObject({ period: monthsAgo(0), ai_tokens: 420 });
  });

  it('is for super-admins only, and knows no such customer as the platform itself or a made-up id', async () => {
    expect((await t.request({ url: `/api/platform/billing/customers/${site.id}/usage`, as: owner })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/platform/billing/customers/${platform.id}/usage`, as: superAdmin })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/platform/billing/customers/00000000-0000-4000-8000-000000000000/usage', as: superAdmin })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/platform/billing/customers/not-an-id/usage', as: superAdmin })).statusCode).toBe(400);
  });
});
