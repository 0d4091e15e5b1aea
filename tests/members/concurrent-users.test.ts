import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const PASSWORD = 'concurrent-Pass-1';

/**
 * SPEC §9's concurrent users (Starter: 50): people signed in at once, counted from sessions used
 * within an access token's lifetime. The 51st person is refused at sign-in with the limit and the
 * upgrade path; someone already signed in, and the site's managers, always get in; an idle session
 * stops counting.
 */
describe("the plan's concurrent users", () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let waiting: TestMember;
  let first: TestMember;

  const signIn = (email: string) =>
    t.request({ method: 'POST', url: '/auth/v1/token?grant_type=password', account: site, payload: { email, password: PASSWORD } });

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ slug: 'busy-school', plan: 'starter' });
    owner = await t.createMember(site, { role: 'owner', password: PASSWORD });
    waiting = await t.createMember(site, { email: 'waiting@busy.test', password: PASSWORD });
    first = await t.createMember(site, { email: 'first@busy.test', password: PASSWORD });
    expect((await signIn(first.email)).statusCode).toBe(200);
    // 49 more students signed in a minute ago: 50 people at once, the Starter limit.
    await t.kernel.withSystem('test: a busy hour', async (db) => {
      const role = await db.selectFrom('roles').select('id').where('account_id', '=', site.id).where('slug', '=', 'student').executeTakeFirstOrThrow();
      await sql`INSERT INTO users (email, display_name) SELECT 'busy' || g || '@busy.test', 'Busy ' || g FROM generate_series(1, 49) AS g`.execute(db);
      await sql`
        INSERT INTO members (account_id, user_id, role_id, name, email, slug)
        SELECT ${site.id}, u.id, ${role.id}, u.display_name, u.email, 'busy-' || u.id FROM users u WHERE u.email LIKE 'busy%@busy.test'`.execute(db);
      await sql`
        INSERT INTO auth_sessions (account_id, user_id, created_at)
        SELECT ${site.id}, u.id, now() - interval '1 minute' FROM users u WHERE u.email LIKE 'busy%@busy.test'`.execute(db);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the 51st person with the limit, its size and the upgrade path', async () => {
    const refused = await signIn(waiting.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_code: 'plan_limit_reached' });
    const sessions = await t.kernel.withSystem('test: no session was opened', (db) =>
      db.selectFrom('auth_sessions').select('id').where('account_id', '=', site.id).where('user_id', '=', waiting.userId).execute(),
    );
    expect(sessions).toEqual([]);
  });

  it('lets someone already signed in sign in again, and the owner always', async () => {
    expect((await signIn(first.email)).statusCode).toBe(200);
    expect((await signIn(owner.email)).statusCode).toBe(200);
  });

  it('stops counting a session idle for longer than an access token lives', async () => {
    // The owner signed in above counts too (managers get in, but they are people signed in): two go quiet.
    const quiet = await t.kernel.withSystem('test: two go quiet', async (db) => {
      const users = await db.selectFrom('users').select('id').where('email', 'in', ['busy1@busy.test', 'busy2@busy.test']).execute();
      return db
        .updateTable('auth_sessions')
        .set({ created_at: sql`now() - interval '2 hours'`, refreshed_at: null })
        .where('account_id', '=', site.id)
        .where(
          'user_id',
          'in',
          users.map((user) => user.id),
        )
        .executeTakeFirst();
    });
    expect(Number(quiet.numUpdatedRows)).toBe(2);
    expect((await signIn(waiting.email)).statusCode).toBe(200);
  });
});
