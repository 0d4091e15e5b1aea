import { describe, expect, it } from 'vitest';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '@lectern/theme-default';
import type { SitePageData, SiteRoute } from '@lectern/sdk';
import { contentItem, pageData } from '../test-support/page-data.js';
import { theme } from './index.js';

async function render(route: SiteRoute, overrides: Partial<SitePageData> = {}) {
  return theme.render(pageData(route, overrides));
}

const h1 = (html: string) => /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
const title = (html: string) => /<title>(.*?)<\/title>/s.exec(html)?.[1];

/** Each page the theme draws itself, with the heading a visitor sees and its <title>. */
const STATIC_PAGES: Array<[path: string, heading: string, title: string]> = [
  ['/product', 'One product for your whole online business', 'Product | Lectern'],
  ['/use-cases', 'Built for people who teach, coach and sell', 'Use cases | Lectern'],
  ['/features', 'Features', 'Features | Lectern'],
  ['/pricing', 'Pricing', 'Pricing | Lectern'],
  ['/docs', 'Documentation', 'Docs | Lectern'],
  ['/docs/certificate-builder', 'Certificate builder', 'Certificate builder | Lectern Docs'],
  ['/docs/zoom', 'Zoom meetings', 'Zoom meetings | Lectern Docs'],
  ['/docs/gamification', 'Gamification', 'Gamification | Lectern Docs'],
  ['/docs/forms', 'Forms', 'Forms | Lectern Docs'],
  ['/docs/drive', 'Drive', 'Drive | Lectern Docs'],
  ['/docs/automation', 'Automation', 'Automation | Lectern Docs'],
  ['/docs/affiliates', 'Affiliates', 'Affiliates | Lectern Docs'],
];

describe('provider theme', () => {
  it('declares the pages it draws and where its browser build lives', () => {
    expect(theme.name).toBe('provider');
    expect([...(theme.staticPaths ?? [])].sort()).toEqual(STATIC_PAGES.map(([path]) => path).sort());
    expect(theme.clientDir.replaceAll('\\', '/')).toMatch(/themes\/provider\/dist\/client$/);
  });

  it.each(STATIC_PAGES)('%s renders 200 with its heading, title and description', async (path, heading, pageTitle) => {
    const page = await render({ kind: 'static', path }, { path });
    expect(page.status).toBe(200);
    expect(page.html.startsWith('<!doctype html>')).toBe(true);
    expect(h1(page.html)).toBe(heading);
    expect(title(page.html)).toBe(pageTitle);
    // The kernel's description is the site-wide one; each page has its own.
    expect(page.html).not.toContain('content="The platform"');
  });

  it('each add-on guide tells the owner to switch it on under /dashboard/addons', async () => {
    for (const [path] of STATIC_PAGES.filter(([path]) => path.startsWith('/docs/'))) {
      const page = await render({ kind: 'static', path }, { path });
      expect(page.html).toContain('href="/dashboard/addons"');
    }
  });

  it('answers 404 with a not-found page for an unknown path', async () => {
    const unknown = await render({ kind: 'static', path: '/docs/nothing-here' });
    expect(unknown.status).toBe(404);
    expect(h1(unknown.html)).toBe('Page not found');
    expect(unknown.html).toContain('name="robots" content="noindex"');
    const notFound = await render({ kind: 'notFound' });
    expect(notFound.status).toBe(404);
    expect(title(notFound.html)).toBe('Page not found | Lectern');
  });

  it('has a theme toggle and a login link for signed-out visitors, and the dashboard for members', async () => {
    const visitor = await render({ kind: 'home', page: null });
    expect(visitor.html).toMatch(/<button[^>]*class="icon-button theme-toggle"[^>]*aria-label="Switch to dark mode"/);
    expect(visitor.html).toMatch(/<a class="login-link" href="\/login">Log in<\/a>/);
    expect(visitor.html).toContain('href="/signup"');
    expect(visitor.html).toContain('data-theme="light"');

    const member = await render(
      { kind: 'home', page: null },
      { viewer: { userId: 'u1', name: 'Ada', email: 'ada@example.com', avatarUrl: '', role: 'owner', caps: [] }, colorScheme: 'dark' },
    );
    expect(member.html).not.toContain('href="/login"');
    expect(member.html).toMatch(/href="\/dashboard">Dashboard<\/a>/);
    // The server draws the visitor's saved scheme, so the page does not flash.
    expect(member.html).toContain('data-theme="dark"');
    expect(member.html).toMatch(/aria-label="Switch to light mode"/);
  });

  it('draws the top bar navigation and the footer links to every docs page and legal page', async () => {
    const page = await render({ kind: 'static', path: '/pricing' }, { path: '/pricing' });
    for (const href of ['/product', '/use-cases', '/features', '/pricing', '/docs', '/blog']) expect(page.html).toContain(`href="${href}"`);
    expect(page.html).toMatch(/<a href="\/pricing" aria-current="page">Pricing<\/a>/);
    for (const [path] of STATIC_PAGES.filter(([path]) => path.startsWith('/docs/'))) expect(page.html).toContain(`href="${path}"`);
    for (const href of ['/privacy', '/terms']) expect(page.html).toContain(`href="${href}"`);
  });

  it('home shows the marketing page, or the stored home page when the platform account has one', async () => {
    const marketing = await render({ kind: 'home', page: null });
    expect(marketing.status).toBe(200);
    expect(h1(marketing.html)).toBe('Teach, sell and grow from one site');

    const stored = await render({ kind: 'home', page: contentItem('page', 'home', 'Home', [{ type: 'Heading', props: { id: 'h', text: 'Our own launch page', level: 'h1' } }]) });
    expect(h1(stored.html)).toBe('Our own launch page');
    expect(stored.html).not.toContain('Teach, sell and grow from one site');
  });

  it('lists the platform’s posts on /blog and draws a post', async () => {
    const posts = [{ id: 'p1', slug: 'hello-world', title: 'Hello from the team', excerpt: 'What is new', featuredImage: null, authorName: 'Team', publishedAt: '2025-03-01T10:00:00Z' }];
    const blog = await render({ kind: 'blog', posts, total: 1, page: 1, perPage: 10, category: null });
    expect(blog.status).toBe(200);
    expect(blog.html).toContain('<a href="/blog/hello-world">Hello from the team</a>');
    expect(blog.html).toContain('March 1, 2025');

    const post = await render({ kind: 'post', preview: false, post: contentItem('post', 'hello-world', 'Hello from the team', [{ type: 'Heading', props: { id: 'h', text: 'First section', level: 'h2' } }]) });
    expect(h1(post.html)).toBe('Hello from the team');
    expect(post.html).toContain('First section');
  });

  it('draws the sign-in and sign-up forms on /login and /signup', async () => {
    const login = await render({ kind: 'login' });
    expect(login.status).toBe(200);
    expect(h1(login.html)).toBe('Log in');
    expect(login.html).toMatch(/<input[^>]*name="email"/);
    expect(login.html).toMatch(/<input[^>]*name="password"[^>]*autoComplete="current-password"|<input[^>]*autocomplete="current-password"/i);
    expect(login.html).toMatch(/<a href="\/signup">[^<]*Sign up<\/a>/);
    const signup = await render({ kind: 'signup' });
    expect(signup.status).toBe(200);
    expect(h1(signup.html)).toBe('Create an account');
    expect(signup.html).toMatch(/<input[^>]*name="name"/);
    expect(signup.html).toMatch(/<a href="\/login">[^<]*Log in<\/a>/);
  });

  it('embeds the page data so nothing in it can break out of its script element', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const posts = [{ id: 'p1', slug: 'x', title: hostile, excerpt: '\u2028&amp;', featuredImage: null, authorName: '<b>me</b>', publishedAt: null }];
    const page = await render({ kind: 'blog', posts, total: 1, page: 1, perPage: 10, category: null });
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).not.toContain('<b>me</b>');
    const json = new RegExp(`<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">(.*?)</script>`, 's').exec(page.html)?.[1];
    expect(json).toBeDefined();
    expect(json).not.toMatch(/[<>]/);
    const { data } = JSON.parse(json ?? 'null') as PagePayload;
    expect(data.route.kind === 'blog' && data.route.posts[0]?.title).toBe(hostile);
    expect(data.route.kind === 'blog' && data.route.posts[0]?.excerpt).toBe('\u2028&amp;');
  });

  it('escapes the title and description the kernel sends', async () => {
    const page = await render({ kind: 'home', page: null }, { seo: { title: 'A "quoted" <title>', description: '"><script>x</script>', url: 'https://lectern.test/', image: null, type: 'website', noindex: false } });
    expect(title(page.html)).toBe('A &quot;quoted&quot; &lt;title&gt;');
    expect(page.html).not.toContain('<script>x</script>');
  });

  it('does not throw on malformed data', async () => {
    const broken = pageData({ kind: 'home', page: null }) as unknown as Record<string, unknown>;
    broken.plans = null;
    broken.recentPosts = 'nope';
    const page = await theme.render(broken as unknown as SitePageData);
    expect(page.status).toBe(200);
    const worse = await theme.render({ route: { kind: 'static', path: '/pricing' } } as unknown as SitePageData);
    expect(worse.status).toBe(500);
    expect(worse.html).toContain('Something went wrong');
  });
});
