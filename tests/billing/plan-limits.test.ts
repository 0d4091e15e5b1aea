import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { clubsPlugin } from './fixtures/clubs-plugin.js';

const PASSWORD = 'limits-Pass-1';

/**
 * SPEC §9's limits a plugin meets through the SDK (groups, funnels, chats, AI tokens, e-mail
 * verifications) and the kernel's monthly active people at sign-in: each refused exactly at its
 * boundary with `plan_limit_reached`, the limit's name, its size and the way to a bigger plan.
 */
describe("the plan's limits through the plugin API", () => {
  let t: TestKernel;
  let lifetime: TestAccount;
  let starter: TestAccount;
  let lifetimeOwner: TestMember;
  let starterOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [clubsPlugin()] });
    lifetime = await t.createAccount({ slug: 'lifetime-club', plan: 'lifetime' });
    starter = await t.createAccount({ slug: 'starter-club', plan: 'starter' });
    lifetimeOwner = await t.createMember(lifetime, { role: 'owner' });
    starterOwner = await t.createMember(starter, { role: 'owner', password: PASSWORD });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (as: TestMember, url: string, payload: object = {}) => t.request({ method: 'POST', url: `/api/clubs${url}`, as, payload });

  it.each(['groups', 'funnels'] as const)('lets a LifeTime site hold %s up to its limit and refuses the next', async (kind) => {
    const max = PLANS.lifetime.limits[kind];
    expect(max).toBe(3);
    for (let i = 0; i < max; i += 1) expect((await post(lifetimeOwner, `/${kind}`)).statusCode).toBe(201);
    const refused = await post(lifetimeOwner, `/${kind}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'plan_limit_reached',
      details: { limit: kind, max, used: max, upgrade: '/dashboard/billing' },
    });
    expect(refused.json().message).toContain(`allows 3 ${kind}`);
  });

  it("does not count another site's groups", async () => {
    expect((await post(starterOwner, '/groups')).statusCode).toBe(201);
  });

  it('spends the month of chat messages and AI tokens together, refusing as a whole past the allowance', async () => {
    // Starter: 100 chat messages and 1,000 AI tokens a month.
    expect((await post(starterOwner, '/ask', { tokens: 990 })).json()).toEqual({ used: 990, max: 1000 });
    const over = await post(starterOwner, '/ask', { tokens: 11 });
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({ error: 'plan_limit_reached', details: { limit: 'aitokens', max: 1000, used: 990 } });
    // The refused request counted nothing, not even its chat message.
    const counters = await t.kernel.withSystem('test: read the counters', (db) =>
      sql<{ meter: string; value: string }>`SELECT meter, value FROM usage_counters WHERE account_id = ${starter.id} ORDER BY meter`.execute(db),
    );
    expect(Object.fromEntries(counters.rows.filter((r) => r.meter !== 'mau').map((r) => [r.meter, Number(r.value)]))).toEqual({ aitokens: 990, chats: 1 });
    expect((await post(starterOwner, '/ask', { tokens: 10 })).json()).toEqual({ used: 1000, max: 1000 });
  });

  it('refuses the chat message past the 100th of the month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    await t.kernel.withSystem('test: a busy month of chat', (db) =>
      sql`UPDATE usage_counters SET value = 99 WHERE account_id = ${starter.id} AND period = ${month} AND meter = 'chats'`.execute(db),
    );
    await t.kernel.withSystem('test: tokens to spare', (db) =>
      sql`UPDATE usage_counters SET value = 0 WHERE account_id = ${starter.id} AND period = ${month} AND meter = 'aitokens'`.execute(db),
    );
    expect((await post(starterOwner, '/ask', { tokens: 1 })).statusCode).toBe(200);
    const refused = await post(starterOwner, '/ask', { tokens: 1 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ details: { limit: 'chats', max: 100, used: 100 } });
  });

  it('counts e-mail verifications to the allowance', async () => {
    const month = new Date().toISOString().slice(0, 7);
    await t.kernel.withSystem('test: nearly all verifications used', (db) =>
      sql`INSERT INTO usage_counters (account_id, period, meter, value) VALUES (${lifetime.id}, ${month}, 'emailverifications', ${PLANS.lifetime.limits.email_verify - 1})`.execute(
        db,
      ),
    );
    expect((await post(lifetimeOwner, '/verify')).statusCode).toBe(200);
    expect((await post(lifetimeOwner, '/verify')).json()).toMatchObject({ error: 'plan_limit_reached', details: { limit: 'emailverifications' } });
  });

  it('refuses the first sign-in of the month of one person more than the plan’s monthly active people', async () => {
    const month = new Date().toISOString().slice(0, 7);
    const max = PLANS.starter.limits.mau;
    const newcomer = await t.createMember(starter, { email: 'newcomer@club.test', password: PASSWORD });
    const regular = await t.createMember(starter, { email: 'regular@club.test', password: PASSWORD });
    const signIn = (email: string) =>
      t.request({ method: 'POST', url: '/auth/v1/token?grant_type=password', account: starter, payload: { email, password: PASSWORD } });
    expect((await signIn(regular.email)).statusCode).toBe(200);
    // Everyone else active this month: the site is at its limit.
    await t.kernel.withSystem('test: a full month', (db) =>
      sql`UPDATE usage_counters SET value = ${max} WHERE account_id = ${starter.id} AND period = ${month} AND meter = 'mau'`.execute(db),
    );
    const refused = await signIn(newcomer.email);
    expect(refused.statusCode).toBe(403);
    // Sign-in answers in GoTrue's shape: the code and the message naming the limit's size.
    expect(refused.json()).toMatchObject({ error_code: 'plan_limit_reached' });
    expect(JSON.stringify(refused.json())).toContain('10,000 monthly active people');
    // Someone already counted this month, and the owner, still sign in; nothing was added.
    expect((await signIn(regular.email)).statusCode).toBe(200);
    expect((await signIn(starterOwner.email)).statusCode).toBe(200);
    const mau = await t.kernel.withSystem('test: read mau', (db) =>
      sql<{ value: string }>`SELECT value FROM usage_counters WHERE account_id = ${starter.id} AND period = ${month} AND meter = 'mau'`.execute(db),
    );
    expect(Number(mau.rows[0]?.value)).toBe(max + 1);
  });
});
