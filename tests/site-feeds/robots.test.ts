import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { serveCustomDomain } from '../support/custom-domain.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

describe('robots.txt', () => {
  let t: TestKernel;
  // Custom domains are served once proven by a DNS TXT record, looked up on this server.
  let dns: LocalDns;
  let a: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    a = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('keeps crawlers out of the dashboard, API and checkout and points them at the sitemap', async () => {
    const res = await t.request({ url: '/robots.txt', account: a });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body.split('\n')).toEqual([
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /api/',
      'Disallow: /checkout',
      '',
      `Sitemap: http://${a.host}/sitemap.xml`,
      '',
    ]);
  });

  it('names the sitemap on the custom domain the visitor came by', async () => {
    const domain = `robots-${a.slug}.example.test`;
    await serveCustomDomain(t, owner, domain, dns);
    const res = await t.request({ url: '/robots.txt', account: { ...a, host: domain } });
    expect(res.body).toContain(`Sitemap: http://${domain}/sitemap.xml`);
    expect(res.body).not.toContain(a.host);
  });

  it('answers like every other tenant route on a suspended site', async () => {
    const gone = await t.createAccount();
    await t.kernel.database.owner.updateTable('accounts').set({ suspended_at: new Date() }).where('id', '=', gone.id).execute();
    await t.kernel.accounts.invalidate(gone.id);
    const res = await t.request({ url: '/robots.txt', account: gone });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'account_suspended' });
  });
});
