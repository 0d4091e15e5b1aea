import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const page = (html: string) => ({ html, etag: `"${html}"` });

describe('GET /api/site/revalidateCache and /api/site/invalidateCache', () => {
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let instructor: TestMember;
  let otherOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount();
    other = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
    instructor = await t.createMember(site, { role: 'instructor' });
    otherOwner = await t.createMember(other, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const fill = (account: TestAccount, paths: string[]) => {
    for (const path of paths) {
      t.kernel.pageCache.set(account.id, path, 'light', page(`${path} light`));
      t.kernel.pageCache.set(account.id, path, 'dark', page(`${path} dark`));
    }
  };
  const cached = (account: TestAccount, path: string) => t.kernel.pageCache.get(account.id, path, 'light')?.html;
  const revalidate = (as: TestMember, site_: string, path: string) =>
    t.request({ url: `/api/site/revalidateCache?site=${site_}&path=${encodeURIComponent(path)}`, as });
  const invalidate = (as: TestMember, accountId: string, key: string) =>
    t.request({ url: `/api/site/invalidateCache?account_id=${accountId}&key=${encodeURIComponent(key)}`, as });

  it('revalidateCache drops every variant of one page on this site and says how many', async () => {
    fill(site, ['/about', '/contact']);
    fill(other, ['/about']);
    const res = await revalidate(owner, site.id, '/about');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, purged: 2 });
    expect(cached(site, '/about')).toBeUndefined();
    expect(t.kernel.pageCache.get(site.id, '/about', 'dark')).toBeUndefined();
    expect(cached(site, '/contact')).toBe('/contact light');
    expect(cached(other, '/about')).toBe('/about light');

    const again = await revalidate(owner, site.id, '/about');
    expect(again.json()).toEqual({ status: true, purged: 0 });
  });

  it('invalidateCache drops every page of this site for each site option key', async () => {
    await t.kernel.pageCache.purgeAccount(site.id);
    for (const key of ['getSiteOption-theme', 'getSiteOption-menus', 'getSiteOption-header', 'getSiteOption-footer', 'getSiteOption-misc']) {
      fill(site, ['/', '/blog', '/about']);
      fill(other, ['/']);
      const res = await invalidate(owner, site.id, key);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true, purged: 6 });
      expect([cached(site, '/'), cached(site, '/blog'), cached(site, '/about')]).toEqual([undefined, undefined, undefined]);
      expect(cached(other, '/')).toBe('/ light');
    }
  });

  it('refuses members who cannot manage the site, and keeps the cache', async () => {
    fill(site, ['/about']);
    for (const member of [student, instructor]) {
      const one = await revalidate(member, site.id, '/about');
      expect(one.statusCode).toBe(403);
      expect(one.json()).toMatchObject({ error: 'forbidden', statusCode: 403 });
      expect((await invalidate(member, site.id, 'getSiteOption-theme')).statusCode).toBe(403);
    }
    const anonymous = await t.request({ url: `/api/site/revalidateCache?site=${site.id}&path=/about`, account: site });
    expect(anonymous.statusCode).toBe(401);
    expect(cached(site, '/about')).toBe('/about light');
  });

  it("refuses another site's id, so one owner cannot purge another's pages", async () => {
    fill(site, ['/about']);
    fill(other, ['/about']);
    const byId = await revalidate(owner, other.id, '/about');
    expect(byId.statusCode).toBe(403);
    expect(byId.json()).toMatchObject({ error: 'forbidden' });
    const byKey = await invalidate(owner, other.id, 'getSiteOption-theme');
    expect(byKey.statusCode).toBe(403);
    // The other owner, on their own host, naming the first site's id.
    expect((await revalidate(otherOwner, site.id, '/about')).statusCode).toBe(403);
    expect(cached(site, '/about')).toBe('/about light');
    expect(cached(other, '/about')).toBe('/about light');
  });

  it('rejects a bad key, a bad path and missing parameters with 400', async () => {
    fill(site, ['/about']);
    const cases = [
      `/api/site/invalidateCache?account_id=${site.id}&key=getSiteOption-courses`,
      `/api/site/invalidateCache?account_id=${site.id}`,
      `/api/site/invalidateCache?account_id=not-a-uuid&key=getSiteOption-theme`,
      `/api/site/revalidateCache?site=${site.id}&path=about`,
      `/api/site/revalidateCache?site=${site.id}&path=/${'a'.repeat(2048)}`,
      `/api/site/revalidateCache?site=${site.id}&path=%2Fa%0Ab`,
      `/api/site/revalidateCache?site=${site.id}`,
      `/api/site/revalidateCache?site=${site.id}&path=/about&extra=1`,
    ];
    for (const url of cases) {
      const res = await t.request({ url, as: owner });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: 'validation_failed', statusCode: 400 });
    }
    expect(cached(site, '/about')).toBe('/about light');
  });

  it('accepts a path of exactly 2048 characters', async () => {
    const path = `/${'a'.repeat(2047)}`;
    t.kernel.pageCache.set(site.id, path, 'light', page('long'));
    const res = await revalidate(owner, site.id, path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, purged: 1 });
  });
});
