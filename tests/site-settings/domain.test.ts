import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

describe('custom domains', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let other: TestAccount;
  let otherOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ name: 'Domain School' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
    other = await t.createAccount({ name: 'Other School' });
    otherOwner = await t.createMember(other, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setDomain = (custom_domain: unknown, as: TestMember = owner) => t.request({ method: 'PUT', url: '/api/account/site/domain', as, payload: { custom_domain } });
  /** Which site answers at a host: its public configuration names the account, or 404. */
  const siteAt = async (host: string) => {
    const res = await t.request({ url: '/api/site/config', headers: { host } });
    return res.statusCode === 200 ? (res.json() as { account_id: string }).account_id : res.statusCode;
  };

  it('serves the site at its new domain and stops serving the old one', async () => {
    // Warm the host cache first: a stale entry must not survive the change.
    expect(await siteAt('learn.domain-school.com')).toBe(404);
    const res = await setDomain('Learn.Domain-School.COM.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ custom_domain: 'learn.domain-school.com', slug: site.slug });
    expect(await siteAt('learn.domain-school.com')).toBe(site.id);
    expect(await siteAt(site.host)).toBe(site.id);

    expect((await setDomain('academy.domain-school.org')).statusCode).toBe(200);
    expect(await siteAt('academy.domain-school.org')).toBe(site.id);
    expect(await siteAt('learn.domain-school.com')).toBe(404);

    const site0 = await t.request({ url: '/api/account/site', as: owner });
    expect(site0.json()).toMatchObject({ custom_domain: 'academy.domain-school.org' });
  });

  it('clears the domain with null: the site is served at its slug address only', async () => {
    expect((await setDomain('clear-me.example.net')).statusCode).toBe(200);
    expect(await siteAt('clear-me.example.net')).toBe(site.id);
    const res = await setDomain(null);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ custom_domain: null });
    expect(await siteAt('clear-me.example.net')).toBe(404);
    expect(await siteAt(site.host)).toBe(site.id);
  });

  it('refuses names that are not domain names', async () => {
    for (const bad of ['not a domain', 'localhost-only', 'example.c', '-x.example.com', 'https://x.example.com', 'x.example.com:8080', '10.0.0.1', '']) {
      const res = await setDomain(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error, bad).toBe('invalid_domain');
    }
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

  it("refuses another site's domain with 409 domain_taken, leaving both as they were", async () => {
    expect((await setDomain('taken.example.com', otherOwner)).statusCode).toBe(200);
    expect((await setDomain('mine.example.com')).statusCode).toBe(200);
    const res = await setDomain('TAKEN.example.com');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe('domain_taken');
    expect(await siteAt('taken.example.com')).toBe(other.id);
    expect(await siteAt('mine.example.com')).toBe(site.id);
    // Setting the domain it already has is fine.
    expect((await setDomain('mine.example.com')).statusCode).toBe(200);
  });

  it('is for managers only', async () => {
    const res = await setDomain('student.example.com', student);
    expect(res.statusCode).toBe(403);
    expect(await siteAt('student.example.com')).toBe(404);
  });
});
