import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

interface Verdict {
  status: 'valid' | 'invalid';
  email?: string;
  reason?: string;
}

/**
 * SPEC §7 POST /api/verifyEmail (DECISIONS.md): SPEC §5's format, then the domain's mail servers
 * through the kernel's resolver, here a real DNS server on loopback. Each check is one of the plan's
 * monthly e-mail verifications; a client gets 20 a minute.
 */
describe('POST /api/verifyEmail', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let site: TestAccount;
  const month = new Date().toISOString().slice(0, 7);

  const verify = (email: string, account = site, extra: Record<string, unknown> = {}) =>
    t.request({ method: 'POST', url: '/api/verifyEmail', account, payload: { email, ...extra } });
  const verdict = async (email: string, account = site) => {
    const res = await verify(email, account);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Verdict>();
  };
  const counted = (account: TestAccount) =>
    t.kernel.withSystem('test: verifications counted', async (db) => {
      const { rows } = await sql<{ value: string }>`
        SELECT value FROM usage_counters WHERE account_id = ${account.id} AND period = ${month} AND meter = 'emailverifications'`.execute(db);
      return Number(rows[0]?.value ?? 0);
    });

  beforeAll(async () => {
    dns = await startLocalDns();
    dns.set('school-mail.com', 'MX', [{ exchange: 'mx1.school-mail.com', priority: 10 }]);
    dns.set('no-mail.org', 'MX', [{ exchange: '.', priority: 0 }]);
    dns.set('own-server.net', 'A', ['203.0.113.7']);
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    site = await t.createAccount();
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('passes an address whose domain has mail servers, lower-casing the domain only', async () => {
    expect(await verdict('  Ada.Lovelace@School-Mail.COM ')).toEqual({ status: 'valid', email: 'Ada.Lovelace@school-mail.com' });
  });

  it('refuses a malformed address without asking the DNS', async () => {
    const asked = dns.queries.length;
    for (const email of ['ada', 'ada@school', 'ada@school.c', 'ada@@school-mail.com', 'a b@school-mail.com', `${'x'.repeat(65)}@school-mail.com`]) {
      expect(await verdict(email), email).toEqual({ status: 'invalid', reason: 'format' });
    }
    expect(dns.queries.length).toBe(asked);
  });

  it('tells a domain that does not exist from one that takes no mail, and takes a domain’s own address when it has no MX', async () => {
    expect(await verdict('ada@nowhere-at-all.com')).toEqual({ status: 'invalid', reason: 'domain_not_found' });
    expect(await verdict('ada@no-mail.org')).toEqual({ status: 'invalid', reason: 'no_mail_server' });
    expect(await verdict('ada@own-server.net')).toEqual({ status: 'valid', email: 'ada@own-server.net' });
  });

  it('refuses an account_id that is not the site addressed, and a body with more than it takes', async () => {
    const other = await t.createAccount();
    const res = await verify('ada@school-mail.com', site, { account_id: other.id });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('validation_failed');
    expect((await verify('ada@school-mail.com', site, { account_id: site.id })).statusCode).toBe(200);
    expect((await verify('ada@school-mail.com', site, { list: 'x' })).statusCode).toBe(400);
  });

  it('counts each check against the plan’s monthly verifications and refuses the one past it', async () => {
    const counting = await t.createAccount({ plan: 'starter' });
    await verdict('ada@school-mail.com', counting);
    await verdict('ada', counting);
    expect(await counted(counting)).toBe(2);
    const max = PLANS.starter.limits.email_verify;
    await t.kernel.withSystem('test: the month’s verifications are nearly used', (db) =>
      sql`UPDATE usage_counters SET value = ${max - 1} WHERE account_id = ${counting.id} AND period = ${month} AND meter = 'emailverifications'`.execute(db),
    );
    await verdict('ada@school-mail.com', counting);
    const refused = await verify('ada@school-mail.com', counting);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'plan_limit_reached', details: { limit: 'emailverifications', max, used: max } });
    expect(await counted(counting)).toBe(max);
  });

  it('gives a client 20 checks a minute per site', async () => {
    const busy = await t.createAccount();
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) answers.push((await verify('ada', busy)).statusCode);
    expect(answers.slice(0, 20).every((code) => code === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});
