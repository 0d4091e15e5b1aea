import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

const SWEEP = 'domains.recheck-sweep';

interface Claim {
  status: string;
  failures: number;
  checked_at: Date | null;
}

describe('daily re-checks of verified custom domains', () => {
  let dns: LocalDns;
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let recordName = '';
  let token = '';
  const domain = 'lapsing.example.org';

  beforeAll(async () => {
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    site = await t.createAccount({ name: 'Lapsing School' });
    owner = await t.createMember(site, { role: 'owner' });
    const set = await t.request({ method: 'PUT', url: '/api/account/site/domain', as: owner, payload: { custom_domain: domain } });
    const record = (set.json() as { domain_status: { record: { name: string; value: string } } }).domain_status.record;
    recordName = record.name;
    token = record.value;
    dns.set(recordName, 'TXT', [token]);
    const verified = await t.request({ method: 'POST', url: '/api/account/site/domain/verify', as: owner, payload: {} });
    expect(verified.json()).toMatchObject({ domain_status: { status: 'verified', served: true } });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const claim = async (): Promise<Claim> =>
    (await t.kernel.database.owner
      .selectFrom('custom_domain_claims')
      .select(['status', 'failures', 'checked_at'])
      .where('account_id', '=', site.id)
      .executeTakeFirstOrThrow()) as Claim;
  const servedAt = async () => (await t.request({ url: '/api/site/config', headers: { host: domain } })).statusCode;
  const alerts = async () =>
    (
      (await t.request({ url: '/api/account/notifications?unread=false', as: owner })).json() as { notifications: Array<{ message: string; severity: number }> }
    ).notifications.filter((n) => n.message.includes(domain));

  /** A day passes and the daily cron runs (queued as the super-admin's "run now" does); resolves once the check is recorded. */
  async function dailyCheck(): Promise<Claim> {
    // Stands in for the clock moving a day past the last check (the sweep skips domains checked within 20 hours).
    await t.kernel.database.owner
      .updateTable('custom_domain_claims')
      .set({ checked_at: sql`now() - interval '1 day'` })
      .where('account_id', '=', site.id)
      .execute();
    const before = (await claim()).checked_at?.getTime() ?? 0;
    expect(await t.kernel.jobs.runScheduleNow(SWEEP)).not.toBeNull();
    return vi.waitFor(
      async () => {
        const now = await claim();
        if ((now.checked_at?.getTime() ?? 0) <= before) throw new Error('not checked yet');
        return now;
      },
      { timeout: 30_000, interval: 100 },
    );
  }

  it('keeps a domain whose record is there, and does not re-check one checked within the day', async () => {
    expect(await dailyCheck()).toMatchObject({ status: 'verified', failures: 0 });
    // Right after a check, the sweep leaves the domain alone: it queues no check.
    const checked = (await claim()).checked_at;
    const checks = async () => (await t.kernel.jobs.list({ name: 'domains.recheck', limit: 1, offset: 0 })).total;
    const queued = await checks();
    await t.kernel.jobs.runScheduleNow(SWEEP);
    await vi.waitFor(async () => {
      const sweeps = await t.kernel.jobs.list({ name: SWEEP, limit: 10, offset: 0 });
      if (sweeps.jobs.some((job) => job.state !== 'completed')) throw new Error('sweep still running');
    });
    expect(await checks()).toBe(queued);
    expect((await claim()).checked_at).toEqual(checked);
  });

  it('warns the owner on each failed check and puts the domain back to verified when the record returns', async () => {
    dns.set(recordName, 'TXT', ['something-else']);
    expect(await dailyCheck()).toMatchObject({ status: 'failing', failures: 1 });
    expect(await servedAt()).toBe(200);
    const warned = await alerts();
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ severity: 4 });
    expect(warned[0]?.message).toContain(token);

    dns.set(recordName, 'TXT', [token]);
    expect(await dailyCheck()).toMatchObject({ status: 'verified', failures: 0 });
    expect(await servedAt()).toBe(200);
  });

  it(`stops serving the domain after three failed checks in a row, warning before and telling after`, async () => {
    dns.remove(recordName);
    expect(await dailyCheck()).toMatchObject({ status: 'failing', failures: 1 });
    expect(await servedAt()).toBe(200);
    expect(await dailyCheck()).toMatchObject({ status: 'failing', failures: 2 });
    expect(await servedAt()).toBe(200);
    expect(await dailyCheck()).toMatchObject({ status: 'pending', failures: 3 });
    expect(await servedAt()).toBe(404);

    const site0 = await t.request({ url: '/api/account/site', as: owner });
    expect(site0.json()).toMatchObject({ custom_domain: domain, domain_status: { status: 'pending', served: false } });
    const told = await alerts();
    expect(told.filter((a) => a.severity === 4).length).toBeGreaterThanOrEqual(3);
    expect(told.some((a) => a.severity === 5 && a.message.includes('no longer served'))).toBe(true);

    // Proving control again serves it again.
    dns.set(recordName, 'TXT', [token]);
    const again = await t.request({ method: 'POST', url: '/api/account/site/domain/verify', as: owner, payload: {} });
    expect(again.json()).toMatchObject({ domain_status: { status: 'verified', served: true } });
    expect(await servedAt()).toBe(200);
  });

  it('records a check only for the claim it checked: a domain claimed while the lookup ran is left alone', async () => {
    await t.kernel.database.owner
      .updateTable('custom_domain_claims')
      .set({ checked_at: sql`now() - interval '1 day'` })
      .where('account_id', '=', site.id)
      .execute();
    const held = dns.hold(recordName);
    dns.remove(recordName);
    expect(await t.kernel.jobs.runScheduleNow(SWEEP)).not.toBeNull();
    await held.asked;
    // While the old domain's lookup is in flight, the owner moves to another domain.
    const moved = await t.request({ method: 'PUT', url: '/api/account/site/domain', as: owner, payload: { custom_domain: 'moved.example.org' } });
    expect(moved.statusCode, moved.body).toBe(200);
    held.release();
    await vi.waitFor(
      async () => {
        const checks = await t.kernel.jobs.list({ name: 'domains.recheck', limit: 50, offset: 0 });
        if (checks.jobs.some((job) => job.state !== 'completed' && job.state !== 'failed')) throw new Error('a check is still running');
      },
      { timeout: 30_000, interval: 100 },
    );
    const now = (await t.kernel.database.owner
      .selectFrom('custom_domain_claims')
      .select(['domain', 'status', 'failures', 'checked_at', 'last_error'])
      .where('account_id', '=', site.id)
      .executeTakeFirstOrThrow()) as Claim & { domain: string; last_error: string | null };
    expect(now).toMatchObject({ domain: 'moved.example.org', status: 'pending', failures: 0, checked_at: null, last_error: null });
  });
});
