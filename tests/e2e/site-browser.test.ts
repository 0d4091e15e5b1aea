import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadThemes } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';

const PASSWORD = 'demo-password-1';

/**
 * The public sites in Debian's Chromium, on the seeded demo: the default theme on demo.localhost and
 * the provider theme on localhost, both server-rendered by the kernel and hydrated in the browser.
 */
describe('the public site in a real browser', () => {
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let platformBase: string;
  const problems: string[] = [];
  const consoleLines: string[] = [];

  beforeAll(async () => {
    // The installed themes, as `npm start` loads them.
    t = await createTestKernel({ seedDemo: true, themes: await loadThemes() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `http://demo.localhost:${port}`;
    platformBase = `http://localhost:${port}`;
    browser = await launchBrowser();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(`${context.task.name}\n${consoleLines.slice(-40).join('\n')}`);
    consoleLines.length = 0;
    problems.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function visitor(options: { width?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 860 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      consoleLines.push(`${message.type()}: ${message.text()}`);
      // A CSP violation or a hydration mismatch is a bug a visitor would not see but we must.
      // (A member without an avatar: the chip and search show the default one, SPEC §8.)
      if (message.type() === 'error' && !message.location().url.includes('/avatars/')) problems.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) consoleLines.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return { context, page };
  }

  async function signIn(email: string): Promise<{ context: BrowserContext; page: Page }> {
    const session = await visitor();
    const { page } = session;
    await page.goto(`${base}/login`);
    await page.fill('[data-testid=auth-panel] input[name=email]', email);
    await page.fill('[data-testid=auth-panel] input[name=password]', PASSWORD);
    await page.click('[data-testid=auth-panel] button[type=submit]');
    await page.waitForURL(/\/dashboard/);
    return session;
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `site-${name}.png`), fullPage: true });
  const ownerToken = async () => {
    const res = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { host: `demo.localhost` },
      payload: { email: 'owner@demo.test', password: PASSWORD },
    });
    return (res.json() as { access_token: string }).access_token;
  };
  const asOwner = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    const token = await ownerToken();
    return t.request({ method, url, headers: { host: 'demo.localhost', authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  };

  it('draws the demo home page on the server and hydrates it without errors', async () => {
    const { context, page } = await visitor();
    const response = await page.goto(`${base}/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.title()).resolves.toBe('Demo Academy');
    await page.waitForSelector('[data-testid=site-header]');
    expect(await page.textContent('main')).toContain('Learn something new every week');
    // The newest posts, from the PostList block.
    expect(await page.textContent('main')).toContain('Five habits of students who finish their courses');
    await page.waitForSelector('[data-testid=cookie-notice]');
    await shot(page, 'home');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps the sign-in form inert until it hydrates, so early typing never sends the password in a URL', async () => {
    const { context, page } = await visitor();
    // A slow device: the sign-in chunk arrives seconds after the server-drawn form is on screen.
    await page.route(/\/assets\/auth-panel-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    const addresses: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) addresses.push(request.url());
    });
    await page.goto(`${base}/login`, { waitUntil: 'domcontentloaded' });
    expect(await page.isDisabled('[data-testid=auth-panel] input[name=email]')).toBe(true);
    await page.fill('[data-testid=auth-panel] input[name=email]', 'owner@demo.test');
    await page.fill('[data-testid=auth-panel] input[name=password]', PASSWORD);
    await page.click('[data-testid=auth-panel] button[type=submit]');
    await page.waitForURL(/\/dashboard/);
    expect(addresses.filter((address) => address.includes('password'))).toEqual([]);
    await context.close();
  });

  it('lets the owner edit the home page in the visual editor and publish it; the next visitor sees the change', async () => {
    const before = await visitor();
    await before.page.goto(`${base}/`);
    expect(await before.page.textContent('main')).toContain('Learn something new every week');
    await before.context.close();

    const { context, page } = await signIn('owner@demo.test');
    await page.goto(`${base}/dashboard/pages`);
    await page.click('[data-slug=home] a');
    await page.waitForSelector('[data-testid=visual-editor] iframe');
    // Select the hero in the editor's canvas, then change its title in the fields panel.
    const canvas = page.frameLocator('[data-testid=visual-editor] iframe');
    await canvas.locator('h1', { hasText: 'Learn something new every week' }).click();
    await page.locator('[data-testid=visual-editor] input[value="Learn something new every week"]:visible').first().fill('Bake better bread in six weeks');
    await canvas.locator('h1', { hasText: 'Bake better bread in six weeks' }).waitFor();
    await shot(page, 'editor');
    const published = page.waitForResponse((r) => /\/api\/content\/pages\/[^/]+\/publish$/.test(r.url()) && r.request().method() === 'POST');
    await page.click('[data-testid=publish]');
    expect((await published).status()).toBe(200);
    await context.close();

    const after = await visitor();
    const response = await after.page.goto(`${base}/`);
    expect(await after.page.textContent('main')).toContain('Bake better bread in six weeks');
    expect(response?.headers()['x-cache']).toBe('MISS');
    await after.context.close();
  });

  it('edits the header blocks in the visual editor; visitors see the band under the header', async () => {
    const header = (await asOwner('GET', '/api/account/site')).json() as { header: Record<string, unknown> };
    const band = {
      root: { props: {} },
      content: [{ type: 'Heading', props: { id: 'band-1', text: 'Free shipping this week', level: 'h4', align: 'center' } }],
    };
    expect((await asOwner('PUT', '/api/account/site', { header: { ...header.header, document: band } })).statusCode).toBe(200);

    const { context, page } = await signIn('owner@demo.test');
    await page.goto(`${base}/dashboard/manage/site/header/blocks`);
    const canvas = page.frameLocator('[data-testid=visual-editor] iframe');
    await canvas.locator('h4', { hasText: 'Free shipping this week' }).click();
    await page.locator('[data-testid=visual-editor] input[value="Free shipping this week"]:visible').first().fill('Free shipping all month');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/account/site') && r.request().method() === 'PUT');
    await page.click('[data-testid=blocks-save]');
    expect((await saved).status()).toBe(200);
    await context.close();

    const after = await visitor();
    await after.page.goto(`${base}/blog`);
    expect(await after.page.textContent('[data-testid=site-header]')).toContain('Free shipping all month');
    await after.context.close();
  });

  it('keeps the cookie choice for 180 days and stops asking', async () => {
    const { context, page } = await visitor();
    await page.goto(`${base}/about`);
    await page.click('[data-testid=cookie-notice] [data-choice=required]');
    await page.waitForSelector('[data-testid=cookie-notice]', { state: 'detached' });
    const consent = (await context.cookies()).find((c) => c.name === 'lectern-cookie-consent');
    expect(consent?.value).toBe('required');
    const days = ((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThan(181);
    await page.reload();
    await page.waitForSelector('[data-testid=site-header]');
    // The notice would appear right after hydration; give it that turn.
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
    expect(await page.$('[data-testid=cookie-notice]')).toBeNull();
    await context.close();
  });

  it('shows a scheduled header notice only inside its window, and keeps it dismissed for the session', async () => {
    const now = Date.now();
    const notices = (start: number, expire: number) => ({
      notices: {
        enable_header_notice: true,
        header_notice: '<p>Summer sale ends soon</p>',
        header_notice_bg: '#ffeeaa',
        header_notice_start: start,
        header_notice_expire: expire,
      },
    });
    expect((await asOwner('PUT', '/api/account/site', notices(now + 3_600_000, now + 7_200_000))).statusCode).toBe(200);
    const early = await visitor();
    await early.page.goto(`${base}/about`);
    await early.page.waitForSelector('[data-testid=site-header]');
    await early.page.waitForTimeout(300);
    expect(await early.page.$('[data-testid=header-notice]')).toBeNull();
    await early.context.close();

    expect((await asOwner('PUT', '/api/account/site', notices(now - 60_000, now + 3_600_000))).statusCode).toBe(200);
    const inside = await visitor();
    await inside.page.goto(`${base}/about`);
    await inside.page.waitForSelector('[data-testid=header-notice]');
    expect(await inside.page.textContent('[data-testid=header-notice]')).toContain('Summer sale ends soon');
    await shot(inside.page, 'header-notice');
    await inside.page.click('[data-testid=header-notice] button');
    await inside.page.waitForSelector('[data-testid=header-notice]', { state: 'detached' });
    await inside.page.goto(`${base}/blog`);
    await inside.page.waitForSelector('[data-testid=site-header]');
    await inside.page.waitForTimeout(300);
    expect(await inside.page.$('[data-testid=header-notice]')).toBeNull();
    await inside.context.close();

    // A new session (a new browser context) sees it again.
    const later = await visitor();
    await later.page.goto(`${base}/about`);
    await later.page.waitForSelector('[data-testid=header-notice]');
    await later.context.close();

    expect((await asOwner('PUT', '/api/account/site', notices(now - 7_200_000, now - 3_600_000))).statusCode).toBe(200);
    const expired = await visitor();
    await expired.page.goto(`${base}/about`);
    await expired.page.waitForSelector('[data-testid=site-header]');
    await expired.page.waitForTimeout(300);
    expect(await expired.page.$('[data-testid=header-notice]')).toBeNull();
    await expired.context.close();
  });

  it('finds a post and a member in the search modal, and says nothing was found for a longer term', async () => {
    const { context, page } = await visitor();
    await page.goto(`${base}/`);
    await page.click('[data-testid=header-search]');
    await page.waitForSelector('[data-testid=search-modal]');
    await page.fill('[data-testid=search-input]', 'habits');
    await page.waitForSelector('[data-testid=search-group-blog] .search-hit');
    expect(await page.textContent('[data-testid=search-group-blog]')).toContain('Five habits of students who finish their courses');

    await page.fill('[data-testid=search-input]', 'Olivia');
    await page.waitForSelector('[data-testid=search-group-members] .search-hit');
    expect(await page.textContent('[data-testid=search-group-members]')).toContain('Olivia Owner');
    await page.check('input[name=search-filter][value=members]');
    await page.waitForSelector('[data-testid=search-group-members] .search-hit');
    expect(await page.$('[data-testid=search-group-blog]')).toBeNull();

    await page.check('input[name=search-filter][value=all]');
    await page.fill('[data-testid=search-input]', 'zzqqxx');
    await page.waitForSelector('[data-testid=search-not-found]');
    expect(await page.textContent('[data-testid=search-not-found]')).toContain('Nothing found');
    await shot(page, 'search');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the admin rail to the owner and not to a student', async () => {
    const owner = await signIn('owner@demo.test');
    await owner.page.goto(`${base}/`);
    await owner.page.waitForSelector('[data-testid=admin-rail]');
    expect(await owner.page.isVisible('[data-testid=user-chip]')).toBe(true);
    await shot(owner.page, 'owner-rail');
    // Clear page cache: the rail calls revalidateCache for this page, then reloads it.
    const purge = owner.page.waitForResponse((r) => r.url().includes('/api/site/revalidateCache'));
    await owner.page.click('[data-testid=admin-clear-cache]');
    expect((await purge).status()).toBe(200);
    await owner.context.close();

    const student = await signIn('student@demo.test');
    await student.page.goto(`${base}/`);
    await student.page.waitForSelector('[data-testid=user-chip]');
    expect(await student.page.$('[data-testid=admin-rail]')).toBeNull();
    await student.context.close();
  });

  it('never lets a stored <script> reach a visitor', async () => {
    const created = await asOwner('POST', '/api/content/pages', {
      title: 'Try <script>window.__titleRan = true</script>',
      slug: 'script-attempt',
      document: {
        root: { props: {} },
        content: [
          { type: 'RichText', props: { id: 'r1', html: '<p>Hello</p><script>window.__htmlRan = true</script><img src="x" onerror="window.__imgRan = true">' } },
          { type: 'Heading', props: { id: 'h1', text: '<script>window.__textRan = true</script>', level: 'h2', align: 'left' } },
          { type: 'Button', props: { id: 'b1', label: 'Click', url: 'javascript:window.__linkRan = true', style: 'primary', newTab: false, align: 'left' } },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await asOwner('POST', `/api/content/pages/${id}/publish`, {})).statusCode).toBe(200);

    const { context, page } = await visitor();
    const response = await page.goto(`${base}/script-attempt`);
    expect(response?.status()).toBe(200);
    const html = (await response?.text()) ?? '';
    expect(html).not.toMatch(/<script>window\.__/);
    expect(html).not.toContain('onerror=');
    await page.waitForSelector('[data-testid=site-header]');
    expect(await page.textContent('main')).toContain('<script>window.__textRan = true</script>');
    const link = page.locator('main a', { hasText: 'Click' });
    expect(await link.getAttribute('href')).not.toContain('javascript:');
    await link.click({ noWaitAfter: true }).catch(() => undefined);
    const ran = await page.evaluate(() => {
      const w = globalThis as unknown as Record<string, unknown>;
      return [w.__titleRan, w.__htmlRan, w.__imgRan, w.__textRan, w.__linkRan];
    });
    expect(ran).toEqual([undefined, undefined, undefined, undefined, undefined]);
    await context.close();
  });

  it("shows SPEC's plan prices on the platform's /pricing", async () => {
    const { context, page } = await visitor();
    const response = await page.goto(`${platformBase}/pricing`);
    expect(response?.status()).toBe(200);
    const text = (await page.textContent('main')) ?? '';
    for (const name of ['Starter', 'Professional', 'Dedicated', 'LifeTime']) expect(text).toContain(name);
    for (const price of ['$29', '$99', '$49', '$19']) expect(text).toContain(price);
    await shot(page, 'provider-pricing');
    expect(problems).toEqual([]);
    await context.close();
  });
});
