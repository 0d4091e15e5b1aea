import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const PASSWORD = 'member-limit-Pass-1';

/**
 * SPEC §9: a plan's `totalMembers` (Starter: 10,000). The last place can be taken, the next join is
 * refused with plan_limit_reached naming the limit and the way to a bigger plan, by invitation
 * and by a first sign-in alike; members already in keep signing in.
 */
describe("the plan's member limit", () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let other: TestAccount;
  let outsider: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ slug: 'full-house', plan: 'starter' });
    owner = await t.createMember(site, { role: 'owner', password: PASSWORD });
    // Someone with a sign-in elsewhere on the platform, not yet a member here.
    other = await t.createAccount({ slug: 'elsewhere' });
    outsider = await t.createMember(other, { email: 'outsider@example.test', password: PASSWORD });
    // Members up to one short of the limit (10,000): 9,998 more beside the owner.
    await t.kernel.withSystem('test: fill the site', async (db) => {
      const role = await db.selectFrom('roles').select('id').where('account_id', '=', site.id).where('slug', '=', 'student').executeTakeFirstOrThrow();
      await sql`INSERT INTO users (email, display_name) SELECT 'bulk' || g || '@full.test', 'Bulk ' || g FROM generate_series(1, 9998) AS g`.execute(db);
      await sql`
        INSERT INTO members (account_id, user_id, role_id, name, email, slug)
        SELECT ${site.id}, u.id, ${role.id}, u.display_name, u.email, 'bulk-' || u.id FROM users u WHERE u.email LIKE 'bulk%@full.test'`.execute(db);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (email: string) => t.request({ method: 'POST', url: '/api/account/members/invite', as: owner, payload: { email, role: 'student' } });
  const signIn = (email: string) =>
    t.request({ method: 'POST', url: '/auth/v1/token?grant_type=password', account: site, payload: { email, password: PASSWORD } });

  it('lets the last place be taken, then refuses an invitation with the limit, its size and the upgrade path', async () => {
    const last = await invite('last@full.test');
    expect(last.statusCode, last.body).toBe(201);
    const refused = await invite('one-more@full.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'plan_limit_reached',
      messageKey: 'errors.planLimitReached',
      message: expect.stringContaining('10,000 members'),
      details: { limit: 'totalMembers', max: 10000, used: 10000, upgrade: '/dashboard/billing' },
    });
  });

  it('refuses a first sign-in that would join the full site, and lets a member sign in', async () => {
    const joining = await signIn(outsider.email);
    expect(joining.statusCode).toBe(403);
    expect(joining.json()).toMatchObject({ error_code: 'plan_limit_reached' });
    expect((await signIn(owner.email)).statusCode).toBe(200);
  });

  it('makes room again when a member leaves', async () => {
    const gone = await t.kernel.withSystem('test: one leaves', (db) =>
      db.deleteFrom('members').where('account_id', '=', site.id).where('email', '=', 'bulk1@full.test').executeTakeFirst(),
    );
    expect(Number(gone.numDeletedRows)).toBe(1);
    expect((await signIn(outsider.email)).statusCode).toBe(200);
    expect((await invite('after@full.test')).statusCode).toBe(403);
  });
});
