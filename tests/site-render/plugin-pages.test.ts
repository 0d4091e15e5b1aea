import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type PluginTranslate, type SitePageData, type ThemeDefinition, type ThemeExtensions } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

// What the course view was last drawn with: the theme calls the kernel's bound view, which must
// hand the plugin's view its props and its words in the page's language.
let drawn: { data: unknown; heading: string } | null = null;
const courseView = ({ data, t }: { data: unknown; t: PluginTranslate }) => {
  drawn = { data, heading: t('course.heading', { count: 2 }) };
  return null;
};
const checkoutView = () => null;

// The plugin's catalogues, as a package ships them: locales/<language>/site.json.
const locales = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-site-text-'));
const catalogue = (language: string, value: unknown) => {
  fs.mkdirSync(path.join(locales, language), { recursive: true });
  fs.writeFileSync(path.join(locales, language, 'site.json'), JSON.stringify(value));
};
catalogue('en', { course: { title: 'Course {{slug}}', heading_one: '{{count}} lesson', heading_other: '{{count}} lessons', only: 'Only in English' } });
catalogue('fr', { course: { title: 'Cours {{slug}}', heading_one: '{{count}} leçon', heading_other: '{{count}} leçons' } });

/** A plugin's theme part the way the LMS and the shop use it: pages, the views that draw them, a block. */
const fixture = definePlugin({
  manifest: { name: 'site-fixture', version: '1.0.0', kernel: '*', feature: 'lms' },
  locales,
  site: {
    routes: [
      {
        path: '/course/:slug',
        view: 'course',
        async load({ params, viewer, accountId, t, language }) {
          if (params.slug === 'missing') return null;
          return {
            data: { slug: params.slug, viewer: viewer?.name ?? null, accountId, language, fallback: t('course.only') },
            title: t('course.title', { slug: params.slug ?? '' }),
            description: 'Learn it',
          };
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
      data: { slug: 'intro-to-baking', viewer: null, accountId: on.id, language: 'en', fallback: 'Only in English' },
      adminLinks: [],
    });
    expect(last?.data.seo.title).toMatch(/^Course intro-to-baking \| /);
    expect(last?.data.seo.description).toBe('Learn it');
    // The theme draws the plugin's view through the kernel, which binds the plugin's words.
    const view = last?.extensions?.views.get('site-fixture/course');
    drawn = null;
    view?.({ data: { x: 1 }, page: last!.data });
    expect(drawn).toEqual({ data: { x: 1 }, heading: '2 lessons' });
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

  it("draws a plugin's page in the site's language: loader and view get its words, English fills what a language lacks", async () => {
    const french = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const owner: TestMember = await t.createMember(french, { role: 'owner' });
    const saved = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { defaultLanguage: 'fr' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await t.request({ url: '/course/pain', account: french });
    expect(res.statusCode).toBe(200);
    const last = seen.at(-1)!;
    expect(last.data.shell.language).toBe('fr');
    expect(last.data.seo.title).toMatch(/^Cours pain \| /);
    expect(last.data.route).toMatchObject({ data: { language: 'fr', fallback: 'Only in English' } });
    drawn = null;
    last.extensions?.views.get('site-fixture/course')?.({ data: null, page: last.data });
    expect(drawn).toEqual({ data: null, heading: '2 leçons' });
  });
});
