import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SitePageData, ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/**
 * The kernel's side of the public site, with a recording theme: which route a path resolves to,
 * what the theme is given, the page cache (shared signed-out renders, purges on publish), previews,
 * status codes and headers. The default theme's own markup is tested in themes/default.
 */
function recordingTheme(name: string, staticPaths: string[] = []): ThemeDefinition & { seen: SitePageData[] } {
  const seen: SitePageData[] = [];
  return {
    name,
    clientDir: '/nonexistent',
    staticPaths,
    seen,
    render(data) {
      seen.push(data);
      const item =
        data.route.kind === 'home' ? data.route.page : data.route.kind === 'page' ? data.route.page : data.route.kind === 'post' ? data.route.post : null;
      const text = JSON.stringify(item?.document.content.map((block) => block.props.text) ?? []);
      return {
        status: data.route.kind === 'notFound' ? 404 : 200,
        html: `<!doctype html><title>${data.seo.title}</title><main data-theme="${name}" data-kind="${data.route.kind}" data-scheme="${data.colorScheme}">${text}|${data.viewer?.name ?? 'visitor'}</main>`,
      };
    },
  };
}

const doc = (text: string) => ({ root: { props: {} }, content: [{ type: 'Heading', props: { id: 'h1', text } }] });

describe('public site pages', () => {
  let t: TestKernel;
  let a: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  const site = recordingTheme('site');
  const provider = recordingTheme('provider', ['/pricing']);

  beforeAll(async () => {
    t = await createTestKernel({ themes: { site, provider } });
    a = await t.createAccount({ name: 'Acme Academy' });
    owner = await t.createMember(a, { role: 'owner', name: 'Olive Owner' });
    student = await t.createMember(a, { role: 'student', name: 'Stu Dent' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const visit = (url: string, headers: Record<string, string> = {}, as?: TestMember) =>
    t.request({ url, account: a, headers, ...(as === undefined ? {} : { as }) });
  const createPage = async (title: string, slug: string, text: string, type: 'pages' | 'posts' = 'pages') => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}`, as: owner, payload: { title, slug, document: doc(text) } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const publish = async (id: string, type: 'pages' | 'posts' = 'pages') => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}/${id}/publish`, as: owner, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('serves the home page from the page cache to signed-out visitors and shows a published edit on the next load', async () => {
    const empty = await visit('/');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('data-kind="home"');
    expect(empty.headers['content-type']).toBe('text/html; charset=utf-8');

    const home = await createPage('Home', 'home', 'Welcome v1');
    await publish(home);
    const first = await visit('/');
    expect(first.body).toContain('Welcome v1');
    expect(first.headers['x-cache']).toBe('MISS');
    const renders = site.seen.length;
    const second = await visit('/');
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.body).toBe(first.body);
    expect(site.seen.length).toBe(renders);

    const saved = await t.request({ method: 'PUT', url: `/api/content/pages/${home}`, as: owner, payload: { document: doc('Welcome v2') } });
    expect(saved.statusCode, saved.body).toBe(200);
    await publish(home);
    const after = await visit('/');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.body).toContain('Welcome v2');
  });

  it('answers a conditional request for an unchanged page with 304', async () => {
    const page = await visit('/');
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await visit('/', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('finds pages by slug only once they are visible, and answers 404 pages that are never cached', async () => {
    const about = await createPage('About', 'about', 'Who we are');
    const draft = await visit('/about');
    expect(draft.statusCode).toBe(404);
    expect(draft.body).toContain('data-kind="notFound"');
    expect(draft.headers['x-cache']).toBe('BYPASS');
    await publish(about);
    const live = await visit('/about/');
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain('Who we are');
    expect((await visit('/no/such/page')).statusCode).toBe(404);
  });

  it("lets a manager preview a draft with ?preview, fresh and unshared, while visitors and students still can't see it", async () => {
    const id = await createPage('Secret plan', 'secret-plan', 'Draft words');
    const preview = await visit(`/secret-plan?preview=${id}`, {}, owner);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('Draft words');
    expect(preview.headers['cache-control']).toBe('private, no-store');
    const seen = site.seen.at(-1);
    expect(seen?.route).toMatchObject({ kind: 'page', preview: true });
    expect(seen?.seo.noindex).toBe(true);
    expect((await visit(`/secret-plan?preview=${id}`, {}, student)).statusCode).toBe(404);
    expect((await visit(`/secret-plan?preview=${id}`)).statusCode).toBe(404);
  });

  it('draws signed-in pages for the member (with their capabilities) and never shares them', async () => {
    const asOwner = await visit('/', {}, owner);
    expect(asOwner.body).toContain('|Olive Owner');
    expect(asOwner.headers['x-cache']).toBe('BYPASS');
    expect(site.seen.at(-1)?.viewer?.caps).toContain('manage_options');
    const asStudent = await visit('/', {}, student);
    expect(asStudent.body).toContain('|Stu Dent');
    expect(site.seen.at(-1)?.viewer?.caps).not.toContain('manage_options');
    const visitor = await visit('/');
    expect(visitor.body).toContain('|visitor');
  });

  it('keeps a light and a dark render of each page apart', async () => {
    const dark = await visit('/about', { cookie: 'lectern-theme=dark' });
    expect(dark.body).toContain('data-scheme="dark"');
    const light = await visit('/about');
    expect(light.body).toContain('data-scheme="light"');
    expect((await visit('/about', { cookie: 'lectern-theme=dark' })).headers['x-cache']).toBe('HIT');
  });

  it('lists posts on /blog with pages and categories; tracking parameters share the cached list', async () => {
    const post = await createPage('Hello world', 'hello-world', 'First post', 'posts');
    await publish(post, 'posts');
    const blog = await visit('/blog');
    expect(blog.statusCode).toBe(200);
    const data = site.seen.at(-1);
    expect(data?.route).toMatchObject({ kind: 'blog', total: 1, page: 1 });
    expect(data?.route.kind === 'blog' && data.route.posts[0]?.slug).toBe('hello-world');
    expect((await visit('/blog?utm_source=newsletter')).headers['x-cache']).toBe('HIT');
    expect((await visit('/blog?category=nope')).statusCode).toBe(404);
    const single = await visit('/blog/hello-world');
    expect(single.body).toContain('First post');
    expect(site.seen.at(-1)?.seo.type).toBe('article');
  });

  it("sends a CSP that allows the owner's own scripts and nothing else inline", async () => {
    const script = "console.log('analytics')";
    const saved = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { misc: { scripts: `<script>${script}</script>` } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await visit('/about');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    expect(csp).not.toContain("'unsafe-inline' 'sha256");
    expect(site.seen.at(-1)?.shell.scripts).toContain(script);
  });

  it("answers /favicon.ico with the site's icon, or a default one", async () => {
    const fallback = await visit('/favicon.ico');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.headers['content-type']).toContain('image/svg+xml');
    const settings = (await t.request({ url: '/api/account/site', as: owner })).json() as { settings: Record<string, unknown> };
    const saved = await t.request({
      method: 'PUT',
      url: '/api/account/site',
      as: owner,
      payload: { settings: { ...settings.settings, icon: 'media/brand/icon.png' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const own = await visit('/favicon.ico');
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe('/storage/v1/object/public/media/brand/icon.png');
  });

  it('leaves the API, the dashboard and reset-password alone, and draws /login with the theme', async () => {
    const api = await visit('/api/nothing-here');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'not_found' });
    expect((await visit('/login')).body).toContain('data-kind="login"');
    expect((await visit('/login/reset-password')).body).not.toContain('data-kind');
  });

  it("draws the platform's own site with the provider theme and its own pages", async () => {
    const { account } = await t.platform();
    const pricing = await t.request({ url: '/pricing', account });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('data-theme="provider"');
    expect(provider.seen.at(-1)?.plans.map((p) => [p.name, p.monthly, p.annual, p.lifetime])).toEqual(
      expect.arrayContaining([
        ['Starter', 29, 299, null],
        ['Professional', 99, 999, null],
        ['Dedicated', 49, 499, null],
        ['LifeTime', null, null, 19],
      ]),
    );
    // A kernel with no plugins: the theme is told so, and the plans offer only the kernel's own add-on and limits.
    expect(provider.seen.at(-1)?.installedPlugins).toEqual([]);
    for (const plan of provider.seen.at(-1)?.plans ?? []) {
      expect(plan.features).toEqual(['single_session']);
      for (const key of ['groups', 'funnels', 'chats', 'aiTokens', 'courses']) expect(plan.limits[key]).toBeUndefined();
    }
    expect((await visit('/pricing')).statusCode).toBe(404);
  });

  it('closes the pages of a site suspended for its bill to visitors, never from the cache, while its owner and its sign-in page stay open', async () => {
    const setStatus = async (status: 'suspended' | 'comp') => {
      await t.kernel.withSystem('test: the site’s standing', (db) =>
        db.updateTable('accounts').set({ billing_status: status }).where('id', '=', a.id).execute(),
      );
      await t.kernel.accounts.invalidate(a.id);
    };
    expect((await visit('/about')).statusCode).toBe(200);
    await setStatus('suspended');
    try {
      const closed = await visit('/about');
      expect(closed.statusCode).toBe(503);
      expect(closed.body).toContain('not available');
      expect(closed.headers['cache-control']).toBe('private, no-store');
      expect((await visit('/about', {}, owner)).statusCode).toBe(200);
      expect((await visit('/login')).statusCode).toBe(200);
    } finally {
      await setStatus('comp');
    }
    expect((await visit('/about')).statusCode).toBe(200);
  });

  it("lets the platform's super-admin replace a page the provider theme draws with one made in the editor", async () => {
    const { account, superAdmin } = await t.platform();
    const made = await t.request({
      method: 'POST',
      url: '/api/content/pages',
      as: superAdmin,
      payload: { title: 'Pricing', slug: 'pricing', document: doc('Our own pricing words') },
    });
    expect(made.statusCode, made.body).toBe(201);
    // A draft changes nothing for visitors: the theme's page still answers.
    expect((await t.request({ url: '/pricing', account })).body).toContain('data-kind="static"');
    const { id } = made.json<{ id: string }>();
    expect((await t.request({ method: 'POST', url: `/api/content/pages/${id}/publish`, as: superAdmin, payload: {} })).statusCode).toBe(200);
    const replaced = await t.request({ url: '/pricing', account });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.body).toContain('data-kind="page"');
    expect(replaced.body).toContain('Our own pricing words');
  });
});

describe('signing out from the site with only the session cookie', () => {
  let t: TestKernel;
  let a: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel({ themes: { site: recordingTheme('site') } });
    a = await t.createAccount();
    await t.createMember(a, { role: 'student', email: 'sam@site.test', password: 'a-long-password-1' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('ends the cookie’s session and clears the cookie, so the next page is drawn signed out', async () => {
    const login = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      account: a,
      payload: { email: 'sam@site.test', password: 'a-long-password-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect(cookie).toMatch(/^lectern-access-token=/);
    const token = (login.json() as { access_token: string }).access_token;
    expect((await t.request({ url: '/', account: a, headers: { cookie } })).headers['cache-control']).toBe('private, no-store');

    const out = await t.request({ method: 'POST', url: '/api/site/signout', account: a, headers: { cookie }, payload: {} });
    expect(out.statusCode, out.body).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/lectern-access-token=;/);
    // The session is over for every client that held it, not just this cookie.
    const user = await t.request({ url: '/auth/v1/user', account: a, headers: { authorization: `Bearer ${token}` } });
    expect(user.statusCode).toBe(403);
    expect((await t.request({ url: '/', account: a, headers: { cookie } })).headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  });
});
