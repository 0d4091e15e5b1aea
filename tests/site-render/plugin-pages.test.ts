import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type SitePageData, type ThemeDefinition, type ThemeExtensions } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

const courseView = () => null;
const checkoutView = () => null;

/** A plugin's theme part the way the LMS and the shop use it: pages, the views that draw them, a block. */
const fixture = definePlugin({
  manifest: { name: 'site-fixture', version: '1.0.0', kernel: '*', feature: 'lms' },
  site: {
    routes: [
      {
        path: '/course/:slug',
        view: 'course',
        async load({ params, viewer, accountId }) {
          if (params.slug === 'missing') return null;
          return { data: { slug: params.slug, viewer: viewer?.name ?? null, accountId }, title: `Course ${params.slug}`, description: 'Learn it' };
        },
      },
      {
        path: '/checkout',
        view: 'checkout',
        chrome: false,
        cacheable: false,
        load: async () => ({
          data: { step: 1 },
          title: 'Checkout',
          noindex: true,
          // The rail takes dashboard paths only: a link elsewhere is dropped.
          adminLinks: [
            { id: 'orders', label: 'Orders', href: '/dashboard/orders' },
            { id: 'away', label: 'Elsewhere', href: 'https://evil.test/' },
          ],
        }),
      },
      {
        path: '/catalogue',
        view: 'course',
        cacheQuery: ['page'],
        load: async ({ query }) => ({ data: { page: query.get('page') ?? '1' }, title: 'Catalogue' }),
      },
    ],
    views: { course: courseView, checkout: checkoutView },
    blocks: { CourseGrid: { fields: {}, defaultProps: {}, render: () => null } },
  },
});

describe("plugins' public pages", () => {
  let t: TestKernel;
  let on: TestAccount;
  let off: TestAccount;
  const seen: Array<{ data: SitePageData; extensions?: ThemeExtensions }> = [];
  const theme: ThemeDefinition = {
    name: 'recording',
    clientDir: '/nonexistent',
    render(data, extensions) {
      seen.push({ data, ...(extensions === undefined ? {} : { extensions }) });
      return { status: data.route.kind === 'notFound' ? 404 : 200, html: `<!doctype html><main data-kind="${data.route.kind}"></main>` };
    },
  };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [fixture], themes: { site: theme } });
    on = await t.createAccount({ plan: 'professional', features: ['lms'] });
    off = await t.createAccount({ plan: 'professional', features: [] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("draws a plugin's page with its data and title, and hands the theme the plugin's views and blocks", async () => {
    const res = await t.request({ url: '/course/intro-to-baking', account: on });
    expect(res.statusCode).toBe(200);
    const last = seen.at(-1);
    expect(last?.data.route).toEqual({
      kind: 'plugin',
      plugin: 'site-fixture',
      view: 'course',
      chrome: true,
      params: { slug: 'intro-to-baking' },
      data: { slug: 'intro-to-baking', viewer: null, accountId: on.id },
      adminLinks: [],
    });
    expect(last?.data.seo.title).toMatch(/^Course intro-to-baking \| /);
    expect(last?.data.seo.description).toBe('Learn it');
    expect(last?.extensions?.views.get('site-fixture/course')).toBe(courseView);
    expect(Object.keys(last?.extensions?.blocks ?? {})).toEqual(['CourseGrid']);
    expect(res.headers['x-cache']).toBe('MISS');
    expect((await t.request({ url: '/course/intro-to-baking', account: on })).headers['x-cache']).toBe('HIT');
  });

  it('answers not found when the loader finds nothing or the plugin is off for the site', async () => {
    expect((await t.request({ url: '/course/missing', account: on })).statusCode).toBe(404);
    const offPage = await t.request({ url: '/course/intro-to-baking', account: off });
    expect(offPage.statusCode).toBe(404);
    expect(seen.at(-1)?.extensions?.views.size).toBe(0);
  });

  it('caches a page apart for each value of the query parameters it names, and only those', async () => {
    const get = (url: string) => t.request({ url, account: on });
    expect((await get('/catalogue?page=2')).headers['x-cache']).toBe('MISS');
    expect(seen.at(-1)?.data.route).toMatchObject({ data: { page: '2' } });
    expect(seen.at(-1)?.data.path).toBe('/catalogue?page=2');
    expect((await get('/catalogue?page=2&utm_source=mail')).headers['x-cache']).toBe('HIT');
    expect((await get('/catalogue')).headers['x-cache']).toBe('MISS');
    expect(seen.at(-1)?.data.route).toMatchObject({ data: { page: '1' } });
    expect((await get('/catalogue?page=3')).headers['x-cache']).toBe('MISS');
  });

  it('lets a page drop the header and footer and stay out of the cache', async () => {
    const first = await t.request({ url: '/checkout', account: on });
    expect(seen.at(-1)?.data.route).toMatchObject({
      kind: 'plugin',
      view: 'checkout',
      chrome: false,
      adminLinks: [{ id: 'orders', label: 'Orders', href: '/dashboard/orders' }],
    });
    expect(seen.at(-1)?.data.seo.noindex).toBe(true);
    expect(first.headers['x-cache']).toBe('BYPASS');
    expect((await t.request({ url: '/checkout', account: on })).headers['x-cache']).toBe('BYPASS');
  });
});
