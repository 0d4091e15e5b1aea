import { describe, expect, it } from 'vitest';
import { theme } from '../index.js';
import { contentItem, pageData, viewer } from '../testing/page-data.js';
import { renderSitePage } from './render-page.js';
import type { AssetManifest } from '../document/asset-manifest.js';
import type { SitePageData } from '@lectern/sdk';

const render = (data: SitePageData, manifest: AssetManifest | null = null) => renderSitePage(data, { manifest, now: Date.parse('2025-06-01T12:00:00Z') });
/** The document without its JSON data block: what the browser draws. */
const markup = (html: string) => html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, '');
const embedded = (html: string) => {
  const match = /<script type="application\/json" id="lectern-data">([\s\S]*?)<\/script>/.exec(html);
  if (match === null) throw new Error('no data script');
  return JSON.parse(match[1]!) as { data: SitePageData; messages: Record<string, string>; renderedAt: number };
};

describe('the document around a page', () => {
  it('carries the SEO tags a crawler and a link preview read', () => {
    const { status, html } = render(
      pageData({
        seo: {
          title: 'Art & Craft',
          description: 'Paint "boldly"',
          url: 'https://school.example/art',
          image: 'https://school.example/og.png',
          type: 'article',
          noindex: false,
        },
      }),
    );
    expect(status).toBe(200);
    expect(html.startsWith('<!doctype html><html lang="en" dir="ltr" data-theme="light">')).toBe(true);
    expect(html).toContain('<title>Art &amp; Craft</title>');
    expect(html).toContain('<meta name="description" content="Paint &quot;boldly&quot;">');
    expect(html).toContain('<link rel="canonical" href="https://school.example/art">');
    expect(html).toContain('<meta property="og:title" content="Art &amp; Craft">');
    expect(html).toContain('<meta property="og:url" content="https://school.example/art">');
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="og:image" content="https://school.example/og.png">');
    expect(html).toContain('<meta property="og:site_name" content="Maple School">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).not.toContain('name="robots"');
  });

  it('asks search engines to stay away when the kernel says noindex', () => {
    const data = pageData();
    const { html } = render({ ...data, seo: { ...data.seo, noindex: true } });
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('answers 404 with the not-found page for an unknown path', async () => {
    const page = await theme.render(pageData({ route: { kind: 'notFound' }, path: '/nope' }));
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page not found');
    expect(page.html).toContain('href="/"');
  });

  it('keeps a hostile title inside the JSON data (no script break-out)', () => {
    const evil = '</script><script>alert(1)</script><!-- \u2028\u2029';
    const data = pageData({ route: { kind: 'page', page: contentItem({ title: evil }), preview: false } });
    const { html } = render({ ...data, seo: { ...data.seo, title: evil } });
    expect(html).not.toContain('<script>alert(1)');
    // Exactly one JSON block, and only the module script besides (none here: no build).
    expect(html.match(/<script/g)).toHaveLength(1);
    const payload = embedded(html);
    expect(payload.data.seo.title).toBe(evil);
    expect(payload.data.route.kind === 'page' && payload.data.route.page.title).toBe(evil);
  });

  it('writes no inline executable script, and links the build from the Vite manifest', () => {
    const manifest: AssetManifest = {
      'src/client.tsx': { file: 'assets/client-abc.js', isEntry: true, imports: ['_shared.js'], css: ['assets/client-abc.css'] },
      '_shared.js': { file: 'assets/shared-def.js', css: ['assets/shared-def.css'] },
      'src/fonts/entries/inter.css': { file: 'assets/font-inter-123.css', isEntry: true },
    };
    const { html } = render(pageData({}, { scripts: '<script src="https://stats.example/a.js"></script>' }), manifest);
    expect(html).toContain('<script type="module" src="/_theme/default/assets/client-abc.js"></script>');
    expect(html).toContain('<link rel="modulepreload" href="/_theme/default/assets/shared-def.js">');
    expect(html).toContain('<link rel="stylesheet" href="/_theme/default/assets/client-abc.css">');
    expect(html).toContain('<link rel="stylesheet" href="/_theme/default/assets/shared-def.css">');
    expect(html).toContain('<link rel="stylesheet" href="/_theme/default/assets/font-inter-123.css">');
    for (const tag of html.match(/<script[^>]*>/g) ?? []) expect(tag).toMatch(/type="application\/json"|src="/);
    // The owner's misc scripts come last, as written.
    expect(html.endsWith('<script src="https://stats.example/a.js"></script></body></html>')).toBe(true);
  });

  it('preloads the sign-in chunk on /login', () => {
    const manifest: AssetManifest = {
      'src/client.tsx': { file: 'assets/client-abc.js', isEntry: true, dynamicImports: ['src/auth/auth-panel.tsx'] },
      'src/auth/auth-panel.tsx': { file: 'assets/auth-panel-x.js', isDynamicEntry: true, imports: ['src/client.tsx'] },
    };
    expect(render(pageData({ route: { kind: 'login' }, path: '/login' }), manifest).html).toContain(
      '<link rel="modulepreload" href="/_theme/default/assets/auth-panel-x.js">',
    );
    expect(render(pageData(), manifest).html).not.toContain('auth-panel-x.js');
  });

  it('draws the sign-in form inert until it hydrates, and never as a GET form', () => {
    const { html } = render(pageData({ route: { kind: 'login' }, path: '/login' }));
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).toMatch(/<fieldset class="auth-panel__fields" disabled="">/);
  });

  it('draws the page without scripts when there is no build', () => {
    const { html } = render(pageData());
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<div id="root"><a class="skip-link"');
  });

  it('sets the logo width (× 16 px), header font size and font family as CSS variables', () => {
    const { html } = render(
      pageData(
        {},
        { settings: { logo_width: 6, logo: 'media/logo.png' }, header: { header_fontsize: 18 }, theme: { fontFamily: 'Lora', primaryColor: '#ffcc00' } },
      ),
    );
    expect(html).toContain('--logo-width:96px');
    expect(html).toContain('--header-font-size:18px');
    expect(html).toContain("--font-body:'Lora Variable'");
    expect(html).toContain('--color-primary:#ffcc00;--color-on-primary:#111111');
    expect(html).toContain('<img class="site-logo__image" src="https://school.example/storage/v1/object/public/media/logo.png" alt="Maple School"/>');
    const fallback = render(pageData({}, { settings: {} })).html;
    expect(fallback).toContain('--logo-width:64px');
  });

  it('shows the dark logo and marks the document dark for a dark visitor', () => {
    const { html } = render(pageData({ colorScheme: 'dark' }, { settings: { logo: 'media/light.png', dark_logo: 'media/dark.png' } }));
    expect(html).toContain('data-theme="dark"');
    expect(markup(html)).toContain('media/dark.png');
    expect(markup(html)).not.toContain('media/light.png');
    expect(html).toContain('aria-label="Switch to light mode"');
  });

  it('writes Arabic pages right to left, in Arabic', () => {
    const { html } = render(pageData({}, { language: 'ar', direction: 'rtl' }));
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(html).toContain('انتقل إلى المحتوى');
  });

  it('sends the browser only the active language, and no page document twice', () => {
    const { html } = render(pageData({ route: { kind: 'page', page: contentItem(), preview: false } }, { language: 'de' }));
    const payload = embedded(html);
    expect(payload.messages['header.login']).toBe('Anmelden');
    expect(html).not.toContain('Iniciar sesión');
    expect(payload.data.route.kind === 'page' && payload.data.route.page.document.content).toEqual([]);
    expect(html).toContain('Hello from the editor');
  });
});

describe('the page body', () => {
  it('renders a stored page document with header and footer', () => {
    const { html } = render(pageData({ route: { kind: 'page', page: contentItem(), preview: false }, path: '/about' }));
    expect(html).toContain('<h1 class="page__title container">About us</h1>');
    expect(html).toContain('Hello from the editor');
    expect(html).toContain('data-testid="site-header"');
    expect(html).toContain('data-testid="site-footer"');
  });

  it('leaves header and footer out of a page with hide_chrome', () => {
    const page = contentItem({ settings: { hide_chrome: true } });
    const { html } = render(pageData({ route: { kind: 'page', page, preview: false } }));
    expect(html).toContain('Hello from the editor');
    expect(html).not.toContain('data-testid="site-header"');
    expect(html).not.toContain('data-testid="site-footer"');
  });

  it('shows the admin rail to manage_options and admin, never to a student or a visitor', () => {
    const page = contentItem();
    const route = { kind: 'page' as const, page, preview: false };
    const owner = render(pageData({ route, viewer: viewer(['manage_options']) })).html;
    expect(owner).toContain('data-testid="admin-rail"');
    expect(owner).toContain(`href="/dashboard/pages/${page.id}"`);
    expect(owner).toContain('href="/dashboard/manage/site?tab=header"');
    expect(render(pageData({ route, viewer: viewer(['admin']) })).html).toContain('data-testid="admin-rail"');
    expect(render(pageData({ route, viewer: viewer(['read'], { role: 'student' }) })).html).not.toContain('admin-rail');
    expect(render(pageData({ route })).html).not.toContain('admin-rail');
  });

  it('draws the header menu with a dropdown and a mega menu', () => {
    const { html } = render(pageData({ path: '/courses/art' }));
    expect(html).toMatch(
      /<a class="menu-item__link" href="\/courses">Courses<\/a><button type="button" class="menu-item__toggle" aria-expanded="false" aria-controls="([^"]+)" aria-label="Show Courses submenu">/,
    );
    const controls = /aria-label="Show Courses submenu"/.test(html) ? /aria-controls="([^"]+)" aria-label="Show Courses submenu"/.exec(html)![1] : '';
    expect(html).toContain(`<ul class="submenu" id="${controls}">`);
    expect(html).toContain('<a class="menu-item__link" href="/courses/art" aria-current="page">Art</a>');
    expect(html).toContain('class="menu-item__toggle menu-item__toggle--label" aria-expanded="false"');
    expect(html).toContain('style="--mega-columns:3"');
    expect(html).toContain('style="grid-column:span 2;grid-row:span 1"><h3>Topics</h3>');
    expect(html).toContain('style="grid-column:span 1;grid-row:span 2"><p>Join our');
  });

  it('draws footer columns of text and links on the 12-column grid, then the bottom', () => {
    const { html } = render(pageData());
    expect(html).toContain('class="footer-column footer-column--text footer-column--w6"');
    expect(html).toContain('<p>We teach <strong>everyone</strong>.</p>');
    expect(html).toContain('class="footer-column footer-column--links footer-column--w3"');
    expect(html).toContain('<a href="https://docs.example" target="_blank" rel="noopener noreferrer">Docs</a>');
    expect(html).toContain('<p>© Maple School</p>');
    expect(html).toContain('<a href="/terms">Terms</a>');
    expect(html).toContain('site-footer--dark');
  });

  it('does not link javascript: URLs from menus or footers', () => {
    const { html } = render(
      pageData(
        {},
        {
          menus: { header: [{ id: 'x', data: { menuItem: { label: 'Bad', item_url: 'javascript:alert(1)', item_type: 'plain' } } }] },
          footer: { footer_bottom_links: [{ label: 'Evil', url: 'javascript:alert(2)' }] },
        },
      ),
    );
    expect(markup(html)).not.toContain('javascript:');
    expect(html).toContain('href="#">Bad</a>');
    expect(html).toContain('href="#">Evil</a>');
  });

  it('shows log in and sign up links to visitors, and the user chip when signed in', () => {
    const visitor = render(pageData({ path: '/about' })).html;
    expect(visitor).toContain('href="/login?redirectedFrom=%2Fabout"');
    expect(visitor).toContain('href="/signup?redirectedFrom=%2Fabout"');
    const member = render(pageData({ viewer: viewer(['read']) })).html;
    expect(member).toContain('aria-label="Account menu for Olive Owner"');
    expect(member).not.toContain('href="/login');
  });

  it('honours the header switches', () => {
    const { html } = render(
      pageData(
        {},
        { header: { header_search: false, header_darklight: false, header_cart: false, header_login: false, header_fix: true, header_style: 'centered' } },
      ),
    );
    expect(html).not.toContain('data-testid="header-search"');
    expect(html).not.toContain('data-testid="theme-toggle"');
    expect(html).not.toContain('data-testid="header-cart"');
    expect(html).not.toContain('href="/login');
    expect(html).toContain('class="site-header site-header--centered site-header--fixed"');
  });

  it('draws a post with its author, date, categories and tags', () => {
    const post = contentItem({
      type: 'post',
      title: 'Spring term',
      categories: [{ id: 'c1', name: 'News', slug: 'news' }],
      tags: [{ id: 't1', name: 'term', slug: 'term' }],
    });
    const { html } = render(pageData({ route: { kind: 'post', post, preview: false } }));
    expect(html).toContain('<h1 class="post__title">Spring term</h1>');
    expect(html).toContain('By Ada Lovelace');
    expect(html).toContain('<time class="post__date" dateTime="2025-03-04T10:00:00.000Z">March 4, 2025</time>');
    expect(html).toContain('href="/blog?category=news">News</a>');
    expect(html).toContain('>term</span>');
  });

  it('lists blog posts with pager links that keep the category', () => {
    const posts = [
      { id: 'p1', slug: 'hello', title: 'Hello', excerpt: 'First', featuredImage: null, authorName: 'Ada', publishedAt: '2025-03-04T10:00:00.000Z' },
    ];
    const { html } = render(pageData({ route: { kind: 'blog', posts, total: 25, page: 2, perPage: 10, category: { name: 'News', slug: 'news' } } }));
    expect(html).toContain('<h1 class="blog__title">Category: News</h1>');
    expect(html).toContain('href="/blog/hello">Hello</a>');
    expect(html).toContain('href="/blog?category=news" rel="prev"');
    expect(html).toContain('href="/blog?category=news&amp;page=3" rel="next"');
    expect(html).toContain('Page 2 of 3');
  });

  it('offers a friendly home page before the owner made one', () => {
    expect(render(pageData()).html).toContain('<h1>Welcome to Maple School</h1>');
  });

  it('draws the sign-in and sign-up forms with labelled fields', () => {
    const login = render(pageData({ route: { kind: 'login' }, path: '/login?redirectedFrom=/dashboard/courses' })).html;
    expect(login).toContain('<h1 id="auth-title">Log in</h1>');
    expect(login).toMatch(/<label for="([^"]+)">Email<\/label><input id="\1" type="email"[^>]* name="email"/);
    expect(login).toMatch(/<label for="([^"]+)">Password<\/label><input id="\1" type="password" autoComplete="current-password"/);
    expect(login).toContain('href="/signup?redirectedFrom=%2Fdashboard%2Fcourses"');
    const signup = render(pageData({ route: { kind: 'signup' }, path: '/signup' })).html;
    expect(signup).toMatch(/<label for="([^"]+)">Name<\/label><input id="\1"[^>]* name="name"/);
    expect(signup).toContain('autoComplete="new-password"');
  });

  it('never throws: broken data gives a bare error page', async () => {
    const broken = { ...pageData(), shell: null } as unknown as SitePageData;
    const page = await theme.render(broken);
    expect(page.status).toBe(500);
    expect(page.html).toContain('<!doctype html>');
  });

  it('tolerates settings of the wrong shape', () => {
    const { status, html } = render(
      pageData(
        {},
        {
          settings: { logo: 42, logo_width: 'wide' },
          menus: { header: 'nope' },
          header: null as never,
          footer: { footer_columns: [null, { type: 'links', data: 'x' }] },
          notices: { enable_header_notice: 'yes' },
        },
      ),
    );
    expect(status).toBe(200);
    expect(html).toContain('--logo-width:64px');
  });
});
