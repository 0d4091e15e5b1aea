import { describe, expect, it } from 'vitest';
import { MemoryBus } from '../cache/bus.js';
import { pathsFor } from './index.js';
import { PageCache, variantFor } from './page-cache.js';

const page = (html: string) => ({ html, etag: `"${html.length}"` });

async function cache(options: ConstructorParameters<typeof PageCache>[1] = {}) {
  const bus = new MemoryBus();
  const pages = new PageCache(bus, options);
  await pages.start();
  return { bus, pages };
}

describe('PageCache (unit)', () => {
  it('treats a trailing slash as the same page and keeps the query apart', async () => {
    const { pages } = await cache();
    pages.set('a', '/about/', 'default', page('about'));
    expect(pages.get('a', '/about', 'default')?.html).toBe('about');
    pages.set('a', '/blog?page=2', 'default', page('blog 2'));
    expect(pages.get('a', '/blog', 'default')).toBeUndefined();
    expect(pages.get('a', '/blog?page=2', 'default')?.html).toBe('blog 2');
  });

  it("purging a path drops its query forms but not a longer path's pages", async () => {
    const { pages } = await cache();
    pages.set('a', '/blog', 'default', page('blog'));
    pages.set('a', '/blog?page=2', 'default', page('blog 2'));
    pages.set('a', '/blog/post', 'default', page('post'));
    pages.set('a', '/blogroll', 'default', page('roll'));
    expect(await pages.purgePath('a', '/blog/')).toBe(2);
    expect(pages.get('a', '/blog/post', 'default')?.html).toBe('post');
    expect(pages.get('a', '/blogroll', 'default')?.html).toBe('roll');
  });

  it('refuses keys that could forge another entry, and pages too big to share the cache', async () => {
    const { pages } = await cache({ maxBytes: 16_000 });
    expect(pages.set('a', '/x\n/y', 'default', page('forged'))).toBe(false);
    expect(pages.set('a', '/x', 'v\nw', page('forged'))).toBe(false);
    expect(pages.set('a', '/big', 'default', page('x'.repeat(2_000)))).toBe(false);
    expect(pages.size).toBe(0);
  });

  it('counts bytes so eviction follows the byte bound, and purges give the bytes back', async () => {
    const { pages } = await cache({ maxBytes: 16_000 });
    for (let i = 0; i < 30; i++) pages.set('a', `/p${i}`, 'default', page('x'.repeat(900)));
    expect(pages.bytes).toBeLessThanOrEqual(16_000);
    expect(pages.get('a', '/p0', 'default')).toBeUndefined();
    expect(pages.get('a', '/p29', 'default')).toBeDefined();
    await pages.purgeAccount('a');
    expect(pages.bytes).toBe(0);
  });

  it('drops the pages an account change announces (accounts.changed) and ignores malformed purges', async () => {
    const { bus, pages } = await cache();
    pages.set('a', '/', 'default', page('home'));
    pages.set('b', '/', 'default', page('home b'));
    await bus.publish('page-cache.purge', 'not json');
    await bus.publish('page-cache.purge', JSON.stringify({ path: '/' }));
    expect(pages.size).toBe(2);
    await bus.publish('accounts.changed', 'a');
    expect(pages.get('a', '/', 'default')).toBeUndefined();
    expect(pages.get('b', '/', 'default')?.html).toBe('home b');
  });

  it('shares only signed-out renders', () => {
    expect(variantFor({ signedIn: true, theme: 'dark' })).toBeNull();
    expect(variantFor({ signedIn: false })).toBe('default');
    expect(variantFor({ signedIn: false, theme: 'dark' })).toBe('dark');
  });

  it('maps content events to the paths they show on', () => {
    expect(pathsFor({ type: 'page', slug: 'about' })).toEqual(['/about']);
    expect(pathsFor({ type: 'page', slug: 'home' })).toEqual(['/', '/home']);
    expect(pathsFor({ type: 'post', slug: 'hello' })).toEqual(['/blog/hello', '/blog', '/']);
    expect(pathsFor({ type: 'category', slug: 'news' })).toBeNull();
    expect(pathsFor({ type: 'tag', slug: 'x' })).toBeNull();
  });
});
