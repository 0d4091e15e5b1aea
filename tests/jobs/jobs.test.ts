import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

async function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('background jobs', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let superAdmin: TestMember;
  let tenant: TestAccount;
  let other: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    const { id } = await t.kernel.admin.createAccount({ slug: 'platform', name: 'P', isPlatform: true, plan: 'dedicated' });
    platform = { id, slug: 'platform', host: 'localhost', plan: 'dedicated' };
    superAdmin = await t.createMember(platform, { role: 'student', email: 'root@platform.test' });
    tenant = await t.createAccount();
    other = await t.createAccount();
    owner = await t.createMember(tenant, { role: 'owner' });
  });
  afterAll(() => t?.close());

  it("runs a handler inside its account's scope: it sees only that account's rows", async () => {
    for (const account of [tenant, other]) {
      await t.kernel.inAccount(account.id, ({ db }) =>
        db
          .insertInto('options')
          .values({ account_id: account.id, key: `marker.${account.slug}`, value: JSON.stringify(account.slug) })
          .execute(),
      );
    }
    const seen: Array<{ accountId: string | null; keys: string[]; setting: string }> = [];
    await t.kernel.jobs.work<{ ask: string }>(
      'test.scope',
      async ({ accountId, db }) => {
        const rows = await db.selectFrom('options').select('key').where('key', 'like', 'marker.%').execute();
        const { rows: setting } = await sql<{ id: string }>`SELECT current_setting('app.account_id', true) AS id`.execute(db);
        seen.push({ accountId, keys: rows.map((r) => r.key as string), setting: setting[0]?.id ?? '' });
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await t.kernel.jobs.enqueue(tenant.id, 'test.scope', { ask: 'keys' });
    const result = await until(async () => seen[0], 'the scoped job');
    expect(result).toEqual({ accountId: tenant.id, keys: [`marker.${tenant.slug}`], setting: tenant.id });
  });

  it('retries a failing job with growing delays, then marks it failed; super-admins see it, owners get 403', async () => {
    const attempts: number[] = [];
    let healthy = false;
    await t.kernel.jobs.work(
      'test.flaky',
      async () => {
        attempts.push(Date.now());
        if (!healthy) throw new Error(`boom ${attempts.length}`);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const id = await t.kernel.jobs.enqueue(tenant.id, 'test.flaky', { n: 1 }, { retryLimit: 2, retryDelay: 1, retryBackoff: true });
    expect(id).toBeTruthy();
    const failed = await until(async () => {
      const job = await t.kernel.jobs.find(id!);
      return job?.state === 'failed' ? job : undefined;
    }, 'the job to fail');
    expect(attempts).toHaveLength(3);
    expect(failed).toMatchObject({ name: 'test.flaky', retry_count: 2, last_error: 'boom 3', account_id: tenant.id });
    // Backoff: the first retry waits 1-2 s, the second 2-4 s.
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1900);

    const listed = await t.request({ url: '/api/platform/jobs?state=failed&limit=10', as: superAdmin });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { jobs: Array<Record<string, unknown>>; total: number };
    const entry = body.jobs.find((j) => j.id === id);
    expect(entry).toMatchObject({ name: 'test.flaky', state: 'failed', retry_count: 2, last_error: 'boom 3', account_id: tenant.id });
    expect(typeof entry?.created_at).toBe('string');
    expect(typeof entry?.completed_at).toBe('string');
    expect(body.total).toBeGreaterThanOrEqual(1);

    const asOwner = await t.request({ url: '/api/platform/jobs?state=failed', as: owner });
    expect(asOwner.statusCode).toBe(403);
    // An owner on the platform host is not a member there, let alone a super-admin.
    const ownerOnPlatform = await t.request({ url: '/api/platform/jobs?state=failed', account: platform, headers: { authorization: `Bearer ${owner.token}` } });
    expect([401, 403]).toContain(ownerOnPlatform.statusCode);
    const retryAsOwner = await t.request({ method: 'POST', url: `/api/platform/jobs/${id}/retry`, as: owner, payload: {} });
    expect(retryAsOwner.statusCode).toBe(403);

    healthy = true;
    const retried = await t.request({ method: 'POST', url: `/api/platform/jobs/${id}/retry`, as: superAdmin, payload: {} });
    expect(retried.statusCode).toBe(200);
    await until(async () => (await t.kernel.jobs.find(id!))?.state === 'completed', 'the retried job to complete');
    expect(attempts).toHaveLength(4);
    const again = await t.request({ method: 'POST', url: `/api/platform/jobs/${id}/retry`, as: superAdmin, payload: {} });
    expect(again.statusCode).toBe(409);
  });

  it('runs platform jobs (no account) through logged system access', async () => {
    const seen: Array<string | null> = [];
    await t.kernel.jobs.work(
      'test.platform',
      async ({ accountId, db }) => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM accounts`.execute(db);
        if ((rows[0]?.n ?? 0) < 3) throw new Error('system access should see every account');
        seen.push(accountId);
      },
      { pollingIntervalSeconds: 0.5 },
    );
    await t.kernel.jobs.enqueue(null, 'test.platform', {});
    await until(async () => seen.length > 0, 'the platform job');
    expect(seen).toEqual([null]);
  });

  it('keeps the job tables out of the application role reach and out of the tenancy check', async () => {
    await expect(t.kernel.inAccount(tenant.id, ({ db }) => sql`SELECT count(*) FROM pgboss.job`.execute(db))).rejects.toThrow(/permission denied/);
    await expect(t.kernel.inAccount(tenant.id, ({ db }) => sql`INSERT INTO pgboss.job (name, data) VALUES ('mail.send', '{}')`.execute(db))).rejects.toThrow(
      /permission denied/,
    );
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name LIKE 'job%'`.execute(t.kernel.database.owner);
    expect(rows[0]?.n).toBe(0);
  });

  it('schedules crons', async () => {
    await t.kernel.jobs.schedule('test.nightly', '0 3 * * *', { report: true });
    const { rows } = await sql<{ name: string; cron: string }>`SELECT name, cron FROM pgboss.schedule WHERE name = 'test.nightly'`.execute(
      t.kernel.database.owner,
    );
    expect(rows).toEqual([{ name: 'test.nightly', cron: '0 3 * * *' }]);
    await t.kernel.jobs.unschedule('test.nightly');
  });
});
