import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { MemoryBus } from '../../core/src/cache/bus.js';
import { PageCache, type CachedPage } from '../../core/src/page-cache/index.js';

const page = (html: string): CachedPage => ({ html, etag: `W/"${html.length}"`, headers: { 'content-type': 'text/html; charset=utf-8' } });

async function standalone(options: ConstructorParameters<typeof PageCache>[1] = {}) {
  const pages = new PageCache(new MemoryBus(), options);
  await pages.start();
  return pages;
}

describe('page cache store', () => {
  const a = randomUUID();
  const b = randomUUID();

  it('keeps each variant of a path apart and hands back what was stored', async () => {
    const pages = await standalone();
    pages.set(a, '/about', 'light', page('<h1>light</h1>'));
    pages.set(a, '/about', 'dark', page('<h1>dark</h1>'));
    expect(pages.get(a, '/about', 'light')).toEqual(page('<h1>light</h1>'));
    expect(pages.get(a, '/about', 'dark')?.html).toBe('<h1>dark</h1>');
    expect(pages.get(a, '/about', 'sepia')).toBeUndefined();
    pages.set(a, '/about', 'light', page('<h1>light v2</h1>'));
    expect(pages.get(a, '/about', 'light')?.html).toBe('<h1>light v2</h1>');
    expect(pages.size).toBe(2);
  });

  it('purgePath drops every variant of that path and nothing else', async () => {
    const pages = await standalone();
    pages.set(a, '/about', 'light', page('about light'));
    pages.set(a, '/about', 'dark', page('about dark'));
    pages.set(a, '/contact', 'light', page('contact'));
    pages.set(a, '/', 'light', page('home'));
    pages.set(b, '/about', 'light', page('about on b'));
    expect(await pages.purgePath(a, '/about')).toBe(2);
    expect(pages.get(a, '/about', 'light')).toBeUndefined();
    expect(pages.get(a, '/about', 'dark')).toBeUndefined();
    expect(pages.get(a, '/contact', 'light')?.html).toBe('contact');
    expect(pages.get(a, '/', 'light')?.html).toBe('home');
    expect(pages.get(b, '/about', 'light')?.html).toBe('about on b');
  });

  it("keeps accounts apart: one site's entries are never another's, and purging one leaves the other", async () => {
    const pages = await standalone();
    pages.set(a, '/', 'default', page('site a'));
    expect(pages.get(b, '/', 'default')).toBeUndefined();
    pages.set(b, '/', 'default', page('site b'));
    pages.set(b, '/blog', 'default', page('blog b'));
    expect(await pages.purgeAccount(b)).toBe(2);
    expect(pages.get(a, '/', 'default')?.html).toBe('site a');
    expect(pages.get(b, '/', 'default')).toBeUndefined();
  });

  it('purgeKey drops the whole account for each site option key', async () => {
    const pages = await standalone();
    for (const key of ['getSiteOption-theme', 'getSiteOption-menus', 'getSiteOption-header', 'getSiteOption-footer', 'getSiteOption-misc'] as const) {
      pages.set(a, '/', 'default', page('home'));
      pages.set(a, '/blog', 'default', page('blog'));
      pages.set(b, '/', 'default', page('other'));
      expect(await pages.purgeKey(a, key)).toBe(2);
      expect(pages.get(b, '/', 'default')?.html).toBe('other');
    }
  });

  it('evicts the least recently used entry once the entry bound is reached', async () => {
    const pages = await standalone({ maxEntries: 3 });
    pages.set(a, '/1', 'default', page('1'));
    pages.set(a, '/2', 'default', page('2'));
    pages.set(a, '/3', 'default', page('3'));
    // Reading /1 makes /2 the oldest.
    expect(pages.get(a, '/1', 'default')?.html).toBe('1');
    pages.set(a, '/4', 'default', page('4'));
    expect(pages.size).toBe(3);
    expect(pages.get(a, '/2', 'default')).toBeUndefined();
    expect(['/1', '/3', '/4'].map((p) => pages.get(a, p, 'default')?.html)).toEqual(['1', '3', '4']);
  });

  it('evicts the oldest entries once the byte bound is reached', async () => {
    const pages = await standalone({ maxBytes: 64_000 });
    const big = 'x'.repeat(3_000);
    for (let i = 0; i < 40; i++) pages.set(a, `/p${i}`, 'default', page(big));
    expect(pages.bytes).toBeLessThanOrEqual(64_000);
    expect(pages.get(a, '/p0', 'default')).toBeUndefined();
    expect(pages.get(a, '/p39', 'default')?.html).toBe(big);
  });

  it('forgets entries once their time to live has passed', async () => {
    let now = 1_000;
    const pages = await standalone({ ttlMs: 600_000, now: () => now });
    pages.set(a, '/', 'default', page('home'));
    now += 599_999;
    expect(pages.get(a, '/', 'default')?.html).toBe('home');
    now += 1;
    expect(pages.get(a, '/', 'default')).toBeUndefined();
    expect(pages.size).toBe(0);
    expect(pages.bytes).toBe(0);
  });

  it('defaults to ten minutes', async () => {
    let now = 0;
    const pages = await standalone({ now: () => now });
    pages.set(a, '/', 'default', page('home'));
    now = 9 * 60_000;
    expect(pages.get(a, '/', 'default')).toBeDefined();
    now = 10 * 60_000;
    expect(pages.get(a, '/', 'default')).toBeUndefined();
  });
});

describe('page cache purged by content and site changes', () => {
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount();
    other = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cached = (path: string, account = site) => t.kernel.pageCache.get(account.id, path, 'default')?.html;
  const fill = (paths: string[], account = site) => {
    for (const path of paths) t.kernel.pageCache.set(account.id, path, 'default', page(`old ${path}`));
  };
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: Record<string, unknown> = {}, expected = 200) => {
    const res = await t.request({ method, url, as: owner, payload });
    expect(res.statusCode, res.body).toBe(expected);
    return res.json() as { id: string; slug: string };
  };

  it("creating and publishing a page drops that page's cached render, not the others", async () => {
    fill(['/about-us', '/contact', '/']);
    fill(['/about-us'], other);
    const created = await call('POST', '/api/content/pages', { title: 'About Us' }, 201);
    expect(created.slug).toBe('about-us');
    expect(cached('/about-us')).toBeUndefined();
    fill(['/about-us']);
    await call('POST', `/api/content/pages/${created.id}/publish`);
    expect(cached('/about-us')).toBeUndefined();
    expect(cached('/contact')).toBe('old /contact');
    expect(cached('/')).toBe('old /');
    expect(cached('/about-us', other)).toBe('old /about-us');
  });

  it("the home page's change drops '/'", async () => {
    const home = await call('POST', '/api/content/pages', { title: 'Home', slug: 'home' }, 201);
    fill(['/', '/contact']);
    await call('PUT', `/api/content/pages/${home.id}`, { title: 'Welcome' });
    expect(cached('/')).toBeUndefined();
    expect(cached('/contact')).toBe('old /contact');
  });

  it('a post drops its page, the blog and the home page', async () => {
    fill(['/blog/hello-world', '/blog', '/', '/contact']);
    const post = await call('POST', '/api/content/posts', { title: 'Hello World' }, 201);
    expect(post.slug).toBe('hello-world');
    expect([cached('/blog/hello-world'), cached('/blog'), cached('/')]).toEqual([undefined, undefined, undefined]);
    expect(cached('/contact')).toBe('old /contact');
  });

  it('a category drops every page of the site', async () => {
    fill(['/contact', '/blog']);
    fill(['/contact'], other);
    await call('POST', '/api/content/terms', { taxonomy: 'category', name: 'News' }, 201);
    expect([cached('/contact'), cached('/blog')]).toEqual([undefined, undefined]);
    expect(cached('/contact', other)).toBe('old /contact');
  });

  it('changing the site settings drops every page of the site', async () => {
    fill(['/contact', '/blog']);
    fill(['/contact'], other);
    await call('PUT', '/api/account/site', { name: 'Renamed site' });
    expect([cached('/contact'), cached('/blog')]).toEqual([undefined, undefined]);
    expect(cached('/contact', other)).toBe('old /contact');
  });

  it('a refused change purges nothing', async () => {
    fill(['/about-us']);
    const clash = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Again', slug: 'about-us' } });
    expect(clash.statusCode).toBe(409);
    expect(cached('/about-us')).toBe('old /about-us');
  });
});
