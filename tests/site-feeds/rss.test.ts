import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { serveCustomDomain } from '../support/custom-domain.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

interface Post {
  id: string;
  slug: string;
  published_at: string | null;
}

describe('blog RSS feed', () => {
  let t: TestKernel;
  // Custom domains are served once proven by a DNS TXT record, looked up on this server.
  let dns: LocalDns;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;

  const create = async (payload: Record<string, unknown>, as = owner) => {
    const res = await t.request({ method: 'POST', url: '/api/content/posts', as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Post;
  };
  const publish = async (id: string, payload: Record<string, unknown> = {}, as = owner) => {
    const res = await t.request({ method: 'POST', url: `/api/content/posts/${id}/publish`, as, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Post;
  };
  const feed = async (account: TestAccount = a) => {
    const res = await t.request({ url: '/blog/rss.xml', account });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const itemTitles = (xml: string) => [...xml.matchAll(/<item><title>([^<]*)<\/title>/g)].map((m) => m[1]);

  beforeAll(async () => {
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    a = await t.createAccount({ name: 'Alpha School' });
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  it('is an RSS 2.0 channel named after the account, linking to the blog and to itself', async () => {
    const res = await feed();
    expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.body).toContain('<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">');
    expect(res.body).toContain('<title>Alpha School</title>');
    expect(res.body).toContain(`<link>http://${a.host}/blog</link>`);
    expect(res.body).toContain(`<atom:link href="http://${a.host}/blog/rss.xml" rel="self" type="application/rss+xml"/>`);
    expect(itemTitles(res.body)).toEqual([]);
  });

  it('describes a published post with its permalink, RFC 822 date and excerpt, escaping special characters', async () => {
    const post = await create({ title: `Tom & Jerry's <"Big"> day`, slug: 'tom-and-jerry', excerpt: 'Cats < dogs & "mice"' });
    const done = await publish(post.id);
    const body = (await feed()).body;
    const link = `http://${a.host}/blog/tom-and-jerry`;
    expect(body).toContain(
      `<item><title>Tom &amp; Jerry&apos;s &lt;&quot;Big&quot;&gt; day</title><link>${link}</link><guid isPermaLink="true">${link}</guid>` +
        `<pubDate>${new Date(done.published_at as string).toUTCString()}</pubDate><description>Cats &lt; dogs &amp; &quot;mice&quot;</description></item>`,
    );
    expect(body).not.toContain('<"Big">');
  });

  it('takes the channel title from the site title, escaped', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { sitetitle: 'Learn & <Grow>' } } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await feed()).body).toMatch(/<channel>\n<title>Learn &amp; &lt;Grow&gt;<\/title>/);
  });

  it('lists the 20 newest visible posts, newest first, without drafts, future posts or other sites’ posts', async () => {
    for (let i = 1; i <= 22; i++) await publish((await create({ title: `Post ${i}` })).id);
    await create({ title: 'Unpublished draft' });
    const later = await create({ title: 'Scheduled later' });
    await publish(later.id, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    await publish((await create({ title: 'Post of B' }, ownerB)).id, {}, ownerB);

    const titles = itemTitles((await feed()).body);
    expect(titles).toHaveLength(20);
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${22 - i}`));
    expect(itemTitles((await feed(b)).body)).toEqual(['Post of B']);
  });

  it('links posts on the custom domain the visitor came by', async () => {
    const domain = `rss-${a.slug}.example.test`;
    await serveCustomDomain(t, owner, domain, dns);
    const body = (await feed({ ...a, host: domain })).body;
    expect(body).toContain(`<guid isPermaLink="true">http://${domain}/blog/post-22</guid>`);
    expect(body).toContain(`<atom:link href="http://${domain}/blog/rss.xml"`);
    expect(body).not.toContain(a.host);
  });
});
