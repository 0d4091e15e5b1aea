import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { serveCustomDomain } from '../support/custom-domain.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

interface Item {
  id: string;
  slug: string;
  updated_at: string;
}

describe('sitemap.xml', () => {
  let t: TestKernel;
  // Custom domains are served once proven by a DNS TXT record, looked up on this server.
  let dns: LocalDns;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;

  const create = async (type: 'pages' | 'posts', title: string, as = owner) => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}`, as, payload: { title } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Item;
  };
  const publish = async (type: 'pages' | 'posts', id: string, payload: Record<string, unknown> = {}, as = owner) => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}/${id}/publish`, as, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Item;
  };
  const published = async (type: 'pages' | 'posts', title: string, as = owner) => {
    const item = await create(type, title, as);
    return publish(type, item.id, {}, as);
  };
  const sitemap = async (account: TestAccount = a) => {
    const res = await t.request({ url: '/sitemap.xml', account });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  beforeAll(async () => {
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('lists home, blog and visible pages and posts as absolute URLs with lastmod, as cacheable XML', async () => {
    const about = await published('pages', 'About us');
    const hello = await published('posts', 'Hello world');
    const res = await sitemap();
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const base = `http://${a.host}`;
    expect(locs(res.body)).toEqual(expect.arrayContaining([`${base}/`, `${base}/blog`, `${base}/about-us`, `${base}/blog/hello-world`]));
    const lastmod = new Date(about.updated_at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect(res.body).toContain(`<url><loc>${base}/about-us</loc><lastmod>${lastmod}</lastmod></url>`);
    expect(res.body).toMatch(new RegExp(`<loc>${base}/blog/${hello.slug}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>`));
  });

  it('leaves out drafts, future-scheduled items, noindex pages and other accounts’ content', async () => {
    await create('pages', 'Draft page');
    await create('posts', 'Draft post');
    const later = await create('posts', 'Coming soon');
    await publish('posts', later.id, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    const hidden = await published('pages', 'Thank you');
    expect((await t.request({ method: 'PUT', url: `/api/content/pages/${hidden.id}`, as: owner, payload: { settings: { noindex: true } } })).statusCode).toBe(
      200,
    );
    const hiddenSeo = await published('pages', 'Private offer');
    expect((await t.request({ method: 'PUT', url: `/api/content/pages/${hiddenSeo.id}`, as: owner, payload: { seo: { noindex: true } } })).statusCode).toBe(
      200,
    );
    await published('pages', 'Other site page', ownerB);
    await published('posts', 'Other site post', ownerB);

    const body = (await sitemap()).body;
    for (const slug of ['draft-page', 'draft-post', 'coming-soon', 'thank-you', 'private-offer', 'other-site-page', 'other-site-post']) {
      expect(body).not.toContain(slug);
    }
    expect(locs((await sitemap(b)).body)).toEqual([
      `http://${b.host}/`,
      `http://${b.host}/blog`,
      `http://${b.host}/other-site-page`,
      `http://${b.host}/blog/other-site-post`,
    ]);
  });

  it('includes a scheduled post once its time has come', async () => {
    const due = await create('posts', 'Due now');
    await publish('posts', due.id, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await sitemap()).body).not.toContain('/blog/due-now');
    // Stands in for the clock moving past publish_at (the publishing job has not run yet).
    await t.kernel.database.owner
      .updateTable('content_items')
      .set({ publish_at: sql`now() - interval '1 minute'` })
      .where('id', '=', due.id)
      .execute();
    expect((await sitemap()).body).toContain(`<loc>http://${a.host}/blog/due-now</loc>`);
  });

  it('builds URLs on the custom domain the visitor came by, and on the platform subdomain otherwise', async () => {
    const domain = `feeds-${a.slug}.example.test`;
    await serveCustomDomain(t, owner, domain, dns);
    const custom = locs((await sitemap({ ...a, host: domain })).body);
    expect(custom).toContain(`http://${domain}/about-us`);
    expect(custom.every((loc) => loc?.startsWith(`http://${domain}/`))).toBe(true);
    const onSubdomain = locs((await sitemap()).body);
    expect(onSubdomain.every((loc) => loc?.startsWith(`http://${a.host}/`))).toBe(true);
  });

  it('is served to visitors as XML, not as the admin app', async () => {
    const res = await t.request({ url: '/sitemap.xml', account: a, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<html');
  });
});
