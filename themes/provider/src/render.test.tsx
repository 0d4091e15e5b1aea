import { describe, expect, it } from 'vitest';
import { PAYLOAD_ELEMENT_ID, type PagePayload } from '@lectern/theme-default';
import type { SitePageData, SiteRoute, ThemeExtensions } from '@lectern/sdk';
import { contentItem, pageData, specPlans } from '../test-support/page-data.js';
import { theme } from './index.js';

async function render(route: SiteRoute, overrides: Partial<SitePageData> = {}, extensions?: ThemeExtensions) {
  return theme.render(pageData(route, overrides), extensions);
}

/** The data the page embeds for hydration. */
function embedded(html: string): PagePayload {
  const json = new RegExp(`<script type="application/json" id="${PAYLOAD_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  expect(json).toBeDefined();
  expect(json).not.toMatch(/[<>]/);
  return JSON.parse(json ?? 'null') as PagePayload;
}

/** A plugin's view as the LMS would write one: a React component of the loader's data and the page. */
function CourseView({ data, page }: { data: unknown; page: SitePageData }) {
  const course = data as { title?: string; secret?: string };
  return (
    <section data-testid="course-view">
      <h1>{course.title ?? 'Course'}</h1>
      <p>{course.secret}</p>
      <p>{`on ${page.shell.account.name}`}</p>
    </section>
  );
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

    const stored = await render({
      kind: 'home',
      page: contentItem('page', 'home', 'Home', [{ type: 'Heading', props: { id: 'h', text: 'Our own launch page', level: 'h1' } }]),
    });
    expect(h1(stored.html)).toBe('Our own launch page');
    expect(stored.html).not.toContain('Teach, sell and grow from one site');
  });

  it('lists the platform’s posts on /blog and draws a post', async () => {
    const posts = [
      {
        id: 'p1',
        slug: 'hello-world',
        title: 'Hello from the team',
        excerpt: 'What is new',
        featuredImage: null,
        authorName: 'Team',
        publishedAt: '2025-03-01T10:00:00Z',
      },
    ];
    const blog = await render({ kind: 'blog', posts, total: 1, page: 1, perPage: 10, category: null });
    expect(blog.status).toBe(200);
    expect(blog.html).toContain('<a href="/blog/hello-world">Hello from the team</a>');
    expect(blog.html).toContain('March 1, 2025');

    const post = await render({
      kind: 'post',
      preview: false,
      post: contentItem('post', 'hello-world', 'Hello from the team', [{ type: 'Heading', props: { id: 'h', text: 'First section', level: 'h2' } }]),
    });
    expect(h1(post.html)).toBe('Hello from the team');
    expect(post.html).toContain('First section');
  });

  it('draws the sign-in form on /login and the site sign-up on /signup, with the plan a link chose', async () => {
    const login = await render({ kind: 'login' });
    expect(login.status).toBe(200);
    expect(h1(login.html)).toBe('Log in');
    expect(login.html).toMatch(/<input[^>]*name="email"/);
    expect(login.html).toMatch(/<input[^>]*name="password"[^>]*autoComplete="current-password"|<input[^>]*autocomplete="current-password"/i);
    expect(login.html).toMatch(/<a href="\/signup">[^<]*Sign up<\/a>/);
    const signup = await render({ kind: 'signup' }, { path: '/signup?plan=professional' });
    expect(signup.status).toBe(200);
    expect(h1(signup.html)).toBe('Start your free trial');
    for (const field of ['site_name', 'slug', 'owner_name', 'email', 'password']) expect(signup.html).toMatch(new RegExp(`<input[^>]*name="${field}"`));
    expect(signup.html).toMatch(/<select[^>]*name="language"/);
    expect(signup.html).toMatch(/<select[^>]*name="currency"/);
    // The plan from the pricing page's link is the one chosen.
    expect(signup.html).toMatch(/<input[^>]*value="professional"[^>]*checked=""|<input[^>]*checked=""[^>]*value="professional"/);
    expect(signup.html).toContain('Professional, free for 30 days');
    expect(signup.html).toMatch(/<a href="\/login">Sign in<\/a>/);
  });

  it('embeds the page data so nothing in it can break out of its script element', async () => {
    const hostile = '</script><script>alert(1)</script><!--';
    const viewer = { userId: 'u1', name: hostile, email: '\u2028&amp;@example.com', avatarUrl: '', role: 'owner', caps: [] };
    const page = await render({ kind: 'home', page: null }, { viewer });
    expect(page.html).not.toContain('<script>alert(1)');
    const { data } = embedded(page.html);
    expect(data.viewer?.name).toBe(hostile);
    expect(data.viewer?.email).toBe('\u2028&amp;@example.com');
  });

  it('sends the browser no stored document, post list or plugin data it already has as HTML', async () => {
    const posts = [{ id: 'p1', slug: 'x', title: 'Listed once', excerpt: '', featuredImage: null, authorName: 'Team', publishedAt: null }];
    const blog = await render({ kind: 'blog', posts, total: 1, page: 1, perPage: 10, category: null });
    expect(blog.html).toContain('Listed once');
    const blogData = embedded(blog.html).data;
    expect(blogData.route.kind === 'blog' && blogData.route.posts).toEqual([]);

    const stored = contentItem('page', 'terms', 'Terms', [{ type: 'Heading', props: { id: 'h', text: 'Drawn once', level: 'h2' } }]);
    const terms = await render({ kind: 'page', page: stored, preview: false });
    expect(terms.html.match(/Drawn once/g)).toHaveLength(1);

    const plugin = await render(
      { kind: 'plugin', plugin: 'lms', view: 'course', chrome: true, params: {}, data: { secret: 'Only for the view' }, adminLinks: [] },
      {},
      { views: new Map([['lms/course', CourseView]]), blocks: {} },
    );
    expect(plugin.html.match(/Only for the view/g)).toHaveLength(1);
  });

  it('escapes the title and description the kernel sends', async () => {
    const page = await render(
      { kind: 'home', page: null },
      { seo: { title: 'A "quoted" <title>', description: '"><script>x</script>', url: 'https://lectern.test/', image: null, type: 'website', noindex: false } },
    );
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

describe('the provider pages describe only what the platform has installed', () => {
  /** Words that sell a plugin this platform (LMS and shop only) does not have. */
  const ABSENT = [
    /funnel/i,
    /affiliate/i,
    /zoom/i,
    /gamification/i,
    /popup/i,
    /appointment/i,
    /\bgroups?\b/i,
    /\bdrive\b/i,
    /campaign/i,
    /attendance/i,
    /parents/i,
  ];
  /** The LMS and the shop, and the plans as the kernel sends them then (core/src/site-render/site-plans.ts). */
  const THEIR_LIMITS = new Set(['groups', 'funnels', 'chats', 'aiTokens']);
  const today: Partial<SitePageData> = {
    installedPlugins: ['ecommerce', 'lms'],
    plans: specPlans().map((plan) => ({
      ...plan,
      features: ['certificates', 'lms', 'single_session'],
      limits: Object.fromEntries(Object.entries(plan.limits).filter(([key]) => !THEIR_LIMITS.has(key))),
    })),
  };
  /** The page's words as a visitor reads them (tags and the embedded hydration data left out). */
  const visible = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');

  it.each(['/', '/product', '/use-cases', '/features', '/docs', '/pricing'])('%s names no feature whose plugin is absent', async (path) => {
    const route: SiteRoute = path === '/' ? { kind: 'home', page: null } : { kind: 'static', path };
    const page = await render(route, { path, ...today });
    expect(page.status).toBe(200);
    const text = visible(page.html);
    for (const word of ABSENT) expect(text).not.toMatch(word);
  });

  it('keeps what the installed plugins provide', async () => {
    const features = visible((await render({ kind: 'static', path: '/features' }, { path: '/features', ...today })).html);
    for (const line of ['Courses with sections and lessons', 'Certificates (add-on)', 'Cart and checkout', 'Visual page editor with reusable blocks']) {
      expect(features).toContain(line);
    }
    const home = visible((await render({ kind: 'home', page: null }, today)).html);
    expect(home).toContain('a fast website with courses, memberships, a store and a blog,');
    const bare = visible((await render({ kind: 'home', page: null }, { installedPlugins: [] })).html);
    expect(bare).toContain('a fast website with a blog,');
    expect(bare).not.toMatch(/courses people finish/i);
  });

  it("answers 404 for an absent add-on's guide and leaves it out of the docs and the footer", async () => {
    expect((await render({ kind: 'static', path: '/docs/zoom' }, { path: '/docs/zoom', ...today })).status).toBe(404);
    const docs = await render({ kind: 'static', path: '/docs' }, { path: '/docs', ...today });
    expect(docs.html).toContain('href="/docs/certificate-builder"');
    for (const path of ['/docs/zoom', '/docs/forms', '/docs/affiliates', '/docs/gamification', '/docs/drive', '/docs/automation']) {
      expect(docs.html).not.toContain(`href="${path}"`);
    }
    const none = await render({ kind: 'static', path: '/docs' }, { path: '/docs', installedPlugins: [] });
    expect(none.html).toContain('No add-ons are installed on this platform yet');
  });

  it('promises of a plugin only the parts it provides: the marketing plugin’s mailing lists, not its forms, campaigns or automations', async () => {
    const withLists = { installedPlugins: ['ecommerce', 'lms', 'mailing-lists', 'marketing'] };
    for (const path of ['/', '/product', '/use-cases', '/features', '/docs']) {
      const route: SiteRoute = path === '/' ? { kind: 'home', page: null } : { kind: 'static', path };
      const text = visible((await render(route, { path, ...today, ...withLists })).html);
      for (const word of [/popup/i, /campaign/i, /automation/i, /\bforms?\b/i]) expect(text, `${path}`).not.toMatch(word);
    }
    expect(visible((await render({ kind: 'static', path: '/features' }, { path: '/features', ...withLists })).html)).toContain('Mailing lists and contacts');
    expect((await render({ kind: 'static', path: '/docs/forms' }, { path: '/docs/forms', ...withLists })).status).toBe(404);
  });

  it('brings a plugin installed later back by itself', async () => {
    const withFunnels = { installedPlugins: ['ecommerce', 'funnels', 'lms', 'zoom'] };
    expect(visible((await render({ kind: 'static', path: '/features' }, { path: '/features', ...withFunnels })).html)).toContain(
      'Funnels with drop-off reports',
    );
    expect((await render({ kind: 'static', path: '/docs/zoom' }, { path: '/docs/zoom', ...withFunnels })).status).toBe(200);
  });
});

describe("the platform site's plugin pages and editor documents", () => {
  const extensions: ThemeExtensions = {
    views: new Map([['lms/course', CourseView]]),
    blocks: {
      CourseGrid: {
        fields: {},
        defaultProps: { heading: 'Popular' },
        render: ({ heading }: { heading?: unknown }) => <p data-testid="course-grid">{`${String(heading)} courses`}</p>,
      },
    },
  };
  const course = (chrome: boolean): SiteRoute => ({
    kind: 'plugin',
    plugin: 'lms',
    view: 'course',
    chrome,
    params: { slug: 'baking' },
    data: { title: 'Baking bread' },
    adminLinks: [],
  });

  it("draws a plugin's page with its view inside the main area, between the bars", async () => {
    const page = await render(course(true), { path: '/course/baking' }, extensions);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<main[^>]*>[\s\S]*data-testid="course-view"[\s\S]*<\/main>/);
    expect(h1(page.html)).toBe('Baking bread');
    expect(page.html).toContain('on Lectern');
    expect(page.html).toContain('class="top-bar"');
    expect(page.html).toContain('class="site-footer"');
  });

  it('drops the top bar and footer for a page without chrome, and keeps the cookie notice', async () => {
    const page = await render(course(false), { path: '/checkout' }, extensions);
    expect(page.status).toBe(200);
    expect(h1(page.html)).toBe('Baking bread');
    expect(page.html).not.toContain('class="top-bar');
    expect(page.html).not.toContain('class="site-footer"');
  });

  it('answers 404 with the not-found page when no plugin has the view', async () => {
    const page = await render(course(true), { path: '/course/baking' });
    expect(page.status).toBe(404);
    expect(h1(page.html)).toBe('Page not found');
    expect(page.html).toContain('name="robots" content="noindex"');
  });

  it("draws plugins' blocks in stored pages", async () => {
    const stored = contentItem('page', 'learn', 'Learn', [{ type: 'CourseGrid', props: { id: 'g' } }]);
    const page = await render({ kind: 'page', page: stored, preview: false }, {}, extensions);
    expect(page.html).toContain('<p data-testid="course-grid">Popular courses</p>');
    // Without the plugin, the block is skipped rather than failing the page.
    expect((await render({ kind: 'page', page: stored, preview: false })).html).not.toContain('course-grid');
  });

  it('draws the header document in the top bar and the footer document above the footer columns', async () => {
    const base = pageData({ kind: 'home', page: null });
    const heading = (text: string) => ({ root: { props: {} }, content: [{ type: 'Heading', props: { id: text, text, level: 'h2' } }] });
    const page = await render(
      { kind: 'home', page: null },
      { shell: { ...base.shell, header: { document: heading('Spring sale') }, footer: { document: heading('Join the newsletter') } } },
    );
    expect(page.html).toMatch(/<header class="top-bar"[\s\S]*data-testid="header-document"[\s\S]*Spring sale[\s\S]*<\/header>/);
    expect(page.html).toMatch(/<footer class="site-footer">\s*<div class="footer-document"[^>]*>[\s\S]*Join the newsletter[\s\S]*<div class="footer-columns">/);

    const empty = await render(
      { kind: 'home', page: null },
      { shell: { ...base.shell, header: { document: { root: { props: {} }, content: [] } }, footer: { document: { root: { props: {} }, content: [] } } } },
    );
    expect(empty.html).not.toContain('top-bar-band');
    expect(empty.html).not.toContain('footer-document');
  });
});
