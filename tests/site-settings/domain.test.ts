import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

interface DomainStatus {
  domain: string;
  status: 'pending' | 'verified' | 'failing';
  served: boolean;
  record: { type: 'TXT'; name: string; value: string } | null;
  last_error: string | null;
  checked_at: string | null;
  verified_at: string | null;
}

describe('custom domains', () => {
  let dns: LocalDns;
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let other: TestAccount;
  let otherOwner: TestMember;

  beforeAll(async () => {
    // The kernel looks the proof records up on a real DNS server on loopback.
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    site = await t.createAccount({ name: 'Domain School' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
    other = await t.createAccount({ name: 'Other School' });
    otherOwner = await t.createMember(other, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  const setDomain = (custom_domain: unknown, as: TestMember = owner) =>
    t.request({ method: 'PUT', url: '/api/account/site/domain', as, payload: { custom_domain } });
  const verify = (as: TestMember = owner) => t.request({ method: 'POST', url: '/api/account/site/domain/verify', as, payload: {} });
  const statusOf = (res: { json(): unknown }) => (res.json() as { domain_status: DomainStatus }).domain_status;
  /** Which site answers at a host: its public configuration names the account, or the status code. */
  const siteAt = async (host: string) => {
    const res = await t.request({ url: '/api/site/config', headers: { host } });
    return res.statusCode === 200 ? (res.json() as { account_id: string }).account_id : res.statusCode;
  };
  /** Publishes the proof the site asked for, as the owner would at their DNS host. */
  const publish = (status: DomainStatus, ...extra: string[]) => dns.set(status.record!.name, 'TXT', [status.record!.value, ...extra]);
  /** Sets a domain, publishes its record and verifies it. */
  async function claimAndVerify(domain: string, as: TestMember = owner): Promise<DomainStatus> {
    const set = await setDomain(domain, as);
    expect(set.statusCode, set.body).toBe(200);
    publish(statusOf(set));
    const verified = await verify(as);
    expect(verified.statusCode, verified.body).toBe(200);
    return statusOf(verified);
  }

  it('serves a new domain only once its TXT record is verified', async () => {
    // Warm the host cache first: a stale entry must not survive the change.
    expect(await siteAt('learn.domain-school.com')).toBe(404);
    const res = await setDomain('Learn.Domain-School.COM.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ custom_domain: 'learn.domain-school.com', slug: site.slug });
    const pending = statusOf(res);
    expect(pending).toMatchObject({
      domain: 'learn.domain-school.com',
      status: 'pending',
      served: false,
      record: { type: 'TXT', name: '_lectern-challenge.learn.domain-school.com' },
    });
    expect(pending.record?.value).toMatch(/^[A-Za-z0-9_-]{32}$/);

    // Not served until proven: the domain answers like any unknown host.
    const unproven = await t.request({ url: '/api/site/config', headers: { host: 'learn.domain-school.com' } });
    expect(unproven.statusCode).toBe(404);
    expect(unproven.json()).toMatchObject({ error: 'account_not_found' });

    // No record yet; then a record without the token: still pending, saying what was found.
    const missing = statusOf(await verify());
    expect(missing).toMatchObject({ status: 'pending', served: false });
    expect(missing.last_error).toContain('No TXT record was found at _lectern-challenge.learn.domain-school.com');
    dns.set('_lectern-challenge.learn.domain-school.com', 'TXT', ['someone-else']);
    const wrong = statusOf(await verify());
    expect(wrong).toMatchObject({ status: 'pending', served: false });
    expect(wrong.last_error).toContain('"someone-else"');
    expect(await siteAt('learn.domain-school.com')).toBe(404);

    // The record arrives (a long value may be split into several strings).
    const token = pending.record!.value;
    dns.set('_lectern-challenge.learn.domain-school.com', 'TXT', ['someone-else', [token.slice(0, 10), token.slice(10)]]);
    const verified = statusOf(await verify());
    expect(verified).toMatchObject({ status: 'verified', served: true, last_error: null });
    expect(verified.verified_at).not.toBeNull();
    expect(await siteAt('learn.domain-school.com')).toBe(site.id);
    expect(await siteAt(site.host)).toBe(site.id);

    // Saving the same domain again changes nothing: same token, still served.
    const again = statusOf(await setDomain('learn.domain-school.com'));
    expect(again).toMatchObject({ status: 'verified', served: true, record: { value: token } });
    const read = await t.request({ url: '/api/account/site', as: owner });
    expect(statusOf(read)).toMatchObject({ domain: 'learn.domain-school.com', status: 'verified', served: true });
  });

  it('a change of domain stops serving the old one at once; the new one waits for its proof', async () => {
    await claimAndVerify('first.domain-school.org');
    expect(await siteAt('first.domain-school.org')).toBe(site.id);
    const changed = await setDomain('academy.domain-school.org');
    expect(statusOf(changed)).toMatchObject({ domain: 'academy.domain-school.org', status: 'pending', served: false });
    expect(await siteAt('first.domain-school.org')).toBe(404);
    expect(await siteAt('academy.domain-school.org')).toBe(404);
    publish(statusOf(changed));
    expect(statusOf(await verify())).toMatchObject({ status: 'verified', served: true });
    expect(await siteAt('academy.domain-school.org')).toBe(site.id);
  });

  it('clears the domain with null: the site is served at its slug address only', async () => {
    await claimAndVerify('clear-me.example.net');
    expect(await siteAt('clear-me.example.net')).toBe(site.id);
    const res = await setDomain(null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ custom_domain: null, domain_status: null });
    expect(await siteAt('clear-me.example.net')).toBe(404);
    expect(await siteAt(site.host)).toBe(site.id);
    const nothing = await verify();
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses names that are not domain names', async () => {
    for (const bad of ['not a domain', 'localhost-only', 'example.c', '-x.example.com', 'https://x.example.com', 'x.example.com:8080', '10.0.0.1', '']) {
      const res = await setDomain(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toBe('invalid_domain');
    }
    // The proof record must fit in a DNS name too.
    const label = 'a'.repeat(60);
    const long = `${[label, label, label].join('.')}.${'b'.repeat(50)}.io`;
    expect(long.length).toBeGreaterThan(253 - '_lectern-challenge.'.length);
    expect((await setDomain(long)).json()).toMatchObject({ error: 'invalid_domain' });
    const wrongType = await setDomain(42);
    expect(wrongType.statusCode).toBe(400);
    const missing = await t.request({ method: 'PUT', url: '/api/account/site/domain', as: owner, payload: {} });
    expect(missing.json().error).toBe('validation_failed');
  });

  it('refuses the platform domain and names under it', async () => {
    // The test platform domain is "localhost": slug addresses live under it.
    for (const platformName of ['localhost', `${other.slug}.localhost`, 'shop.localhost', 'a.b.localhost']) {
      const res = await setDomain(platformName);
      expect(res.statusCode, platformName).toBe(400);
      expect(res.json().error, platformName).toBe('invalid_domain');
    }
  });

  it("refuses another site's verified domain with 409 domain_taken, leaving both as they were", async () => {
    await claimAndVerify('taken.example.com', otherOwner);
    await claimAndVerify('mine.example.com');
    const res = await setDomain('TAKEN.example.com');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe('domain_taken');
    expect(await siteAt('taken.example.com')).toBe(other.id);
    expect(await siteAt('mine.example.com')).toBe(site.id);
    expect(statusOf(await t.request({ url: '/api/account/site', as: owner }))).toMatchObject({ domain: 'mine.example.com', served: true });
  });

  it('lets several sites claim an unverified domain; the first to verify gets it and the other gets 409', async () => {
    const mine = statusOf(await setDomain('contested.example.com'));
    const theirs = statusOf(await setDomain('contested.example.com', otherOwner));
    expect(mine.status).toBe('pending');
    expect(theirs.status).toBe('pending');
    expect(theirs.record?.value).not.toBe(mine.record?.value);
    // Both tokens are in DNS: whoever verifies first is served.
    dns.set('_lectern-challenge.contested.example.com', 'TXT', [mine.record!.value, theirs.record!.value]);
    expect(statusOf(await verify(otherOwner))).toMatchObject({ status: 'verified', served: true });
    const late = await verify();
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'domain_taken' });
    expect(await siteAt('contested.example.com')).toBe(other.id);
    expect(statusOf(await t.request({ url: '/api/account/site', as: owner }))).toMatchObject({
      domain: 'contested.example.com',
      status: 'pending',
      served: false,
    });
  });

  it('is for managers only', async () => {
    const res = await setDomain('student.example.com', student);
    expect(res.statusCode).toBe(403);
    expect((await verify(student)).statusCode).toBe(403);
    expect(await siteAt('student.example.com')).toBe(404);
  });

  it('answers at most 10 checks a minute per site (each may wait on a slow DNS server)', async () => {
    const busy = await t.createAccount({ name: 'Busy School' });
    const busyOwner = await t.createMember(busy, { role: 'owner' });
    expect((await setDomain('busy.example.com', busyOwner)).statusCode).toBe(200);
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await verify(busyOwner)).statusCode);
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    // Other sites keep their own allowance.
    const calm = await t.createAccount({ name: 'Calm School' });
    const calmOwner = await t.createMember(calm, { role: 'owner' });
    expect((await setDomain('calm.example.com', calmOwner)).statusCode).toBe(200);
    expect((await verify(calmOwner)).statusCode).toBe(200);
  });
});
