import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePageData, ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';

describe('the seeded demo site', () => {
  let t: TestKernel;
  const seen: SitePageData[] = [];
  const theme: ThemeDefinition = {
    name: 'recording',
    clientDir: '/nonexistent',
    render(data) {
      seen.push(data);
      return { status: data.route.kind === 'notFound' ? 404 : 200, html: '<!doctype html><div id="root"></div>' };
    },
  };

  beforeAll(async () => {
    t = await createTestKernel({ seedDemo: true, themes: { site: theme } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const visit = async (host: string, url: string) => {
    const res = await t.request({ url, headers: { host } });
    return { status: res.statusCode, data: seen.at(-1) };
  };

  it('has a home page of blocks with the newest posts, an about page and a blog with three posts', async () => {
    const home = await visit('demo.localhost', '/');
    expect(home.status).toBe(200);
    const route = home.data?.route;
    expect(route?.kind === 'home' && route.page?.document.content.map((b) => b.type)).toEqual([
      'Hero',
      'Features',
      'CourseGrid',
      'ProductGrid',
      'PostList',
      'CallToAction',
    ]);
    expect(home.data?.recentPosts.map((p) => p.slug)).toHaveLength(3);
    expect(home.data?.shell.menus).toMatchObject({
      header: expect.arrayContaining([expect.objectContaining({ data: { menuItem: expect.objectContaining({ label: 'Blog' }) } })]),
    });
    expect(home.data?.seo.title).toBe('Demo Academy');
    expect((await visit('demo.localhost', '/about')).status).toBe(200);
    const blog = await visit('demo.localhost', '/blog?category=updates');
    expect(blog.data?.route).toMatchObject({ kind: 'blog', total: 3, category: { name: 'Updates', slug: 'updates' } });
  });

  it("gives the platform's own site a blog and its policy pages", async () => {
    const blog = await visit('localhost', '/blog');
    expect(blog.data?.route).toMatchObject({ kind: 'blog', total: 2 });
    expect(blog.data?.shell.account.isPlatform).toBe(true);
    for (const slug of ['privacy', 'terms', 'ipp', 'instructor', 'gdpr', 'content']) {
      const page = await visit('localhost', `/${slug}`);
      expect(page.status, slug).toBe(200);
      expect(page.data?.route).toMatchObject({ kind: 'page', page: { slug } });
    }
  });
});
