import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';

const PASSWORD = 'demo-password-1';

/** The browser globals the frame check uses (tests are type-checked without the DOM's types). */
interface FramePage {
  document: {
    addEventListener(type: 'securitypolicyviolation', listener: (event: { effectiveDirective: string; blockedURI: string }) => void): void;
    createElement(tag: 'iframe'): { src: string };
    body: { append(node: unknown): void };
  };
  requestAnimationFrame(callback: () => void): number;
}

/**
 * Every kernel screen of the dashboard, opened in Chromium against a seeded kernel: each must draw
 * without a script error, without an error state, and without an API call failing.
 */
describe('every dashboard screen draws against the real API', () => {
  let t: TestKernel;
  let browser: Browser;
  let port: number;

  beforeAll(async () => {
    t = await createTestKernel({ seedDemo: true, env: { SUPERADMIN_EMAILS: 'admin@platform.test' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(site: string, email: string): Promise<{ page: Page; problems: string[] }> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    page.on('response', (response) => {
      const url = new URL(response.url());
      if ((url.pathname.startsWith('/api/') || url.pathname.startsWith('/auth/')) && response.status() >= 400) {
        problems.push(`${response.request().method()} ${url.pathname} → ${response.status()}`);
      }
    });
    await page.goto(`${site}/login`);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    return { page, problems };
  }

  async function visit(page: Page, problems: string[], url: string, name: string): Promise<void> {
    await page.goto(url);
    await page.waitForSelector('main h1');
    await page.waitForLoadState('networkidle');
    const failed = await page.$('main [role=alert]');
    if (failed !== null) problems.push(`${url}: ${(await failed.textContent()) ?? 'error state'}`);
    await page.screenshot({ path: path.join(ARTIFACTS, `screen-${name}.png`), fullPage: true });
  }

  it('owner screens', async () => {
    const site = `http://demo.localhost:${port}`;
    const { page, problems } = await signIn(site, 'owner@demo.test');
    for (const [screen, name] of [
      ['/dashboard', 'home'],
      ['/dashboard/notifications', 'notifications'],
      ['/dashboard/billing', 'billing'],
      ['/dashboard/app', 'app'],
      ['/dashboard/setup', 'setup'],
      ['/dashboard/addons', 'addons'],
      ['/dashboard/reports', 'reports'],
      ['/dashboard/tickets', 'tickets'],
      ['/dashboard/profile', 'profile'],
      ['/dashboard/manage', 'manage'],
      ['/dashboard/manage/site', 'site'],
      ['/dashboard/manage/users', 'users'],
    ] as const) {
      await visit(page, problems, `${site}${screen}`, `owner-${name}`);
    }
    expect(problems).toEqual([]);
  });

  it('the owner switches a touchpoint email on and it stays on', async () => {
    const site = `http://demo.localhost:${port}`;
    const { page, problems } = await signIn(site, 'owner@demo.test');
    const key = 'course_subscribed_student';
    const email = `[data-testid=touchpoints-tab] [data-testid=touchpoint-row][data-key=${key}] [data-testid=touchpoint-email]`;
    await page.goto(`${site}/dashboard/manage/site?tab=touchpoints`);
    await page.waitForSelector(email);
    // Nothing fires until the owner enables it (SPEC §7), so the demo account starts with it off.
    expect(await page.isChecked(email)).toBe(false);
    const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/account/touchpoints/${key}`);
    await page.check(email);
    expect((await saved).status()).toBe(200);

    // The page's own list request carries the member's token, which the API check below reuses.
    const listed = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/account/touchpoints');
    await page.reload();
    const authorization = (await listed).headers().authorization ?? '';
    await page.waitForSelector(email);
    expect(await page.isChecked(email)).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'screen-owner-touchpoints.png'), fullPage: true });

    const list = await page.evaluate(async (auth) => {
      const response = await fetch('/api/account/touchpoints', { headers: { accept: 'application/json', authorization: auth } });
      return (await response.json()) as Array<{ key: string; email: boolean; notification: boolean }>;
    }, authorization);
    expect(list.find((item) => item.key === key)).toMatchObject({ email: true, notification: false });
    expect(problems).toEqual([]);
  });

  it('a touchpoint switch the server refuses goes back and says why', async () => {
    // A second manager of a site of its own, whose role is taken away while the screen is open:
    // the next save answers 403, as it would for anyone whose powers changed meanwhile.
    const account = await t.createAccount({ slug: 'switches' });
    const keeper = await t.createMember(account, { role: 'owner' });
    const manager = await t.createMember(account, { role: 'owner', email: 'manager@switches.test', password: PASSWORD });
    const site = `http://switches.localhost:${port}`;
    const { page, problems } = await signIn(site, manager.email);
    const key = 'course_subscribed_student';
    const email = `[data-testid=touchpoints-tab] [data-testid=touchpoint-row][data-key=${key}] [data-testid=touchpoint-email]`;
    await page.goto(`${site}/dashboard/manage/site?tab=touchpoints`);
    await page.waitForSelector(email);
    expect(await page.isChecked(email)).toBe(false);

    const roles = (await t.request({ url: '/api/account/roles', as: keeper })).json() as { roles: Array<{ id: string; slug: string }> };
    const student = roles.roles.find((role) => role.slug === 'student');
    const demoted = await t.request({ method: 'PUT', url: `/api/account/members/${manager.userId}`, as: keeper, payload: { role_id: student?.id } });
    expect(demoted.statusCode, demoted.body).toBe(200);

    const refused = page.waitForResponse((r) => r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/account/touchpoints/${key}`);
    await page.click(email);
    expect((await refused).status()).toBe(403);
    await page.waitForSelector('[data-testid=touchpoints-tab] [data-testid=touchpoint-switch-failed]');
    expect(await page.isChecked(email)).toBe(false);
    expect(await page.textContent('[data-testid=touchpoint-switch-failed]')).toContain('The change was not saved.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'screen-touchpoint-refused.png'), fullPage: true });
    expect(problems).toEqual([`PUT /api/account/touchpoints/${key} → 403`]);
  });

  it("lets the dashboard (the lesson player's page) frame the video block's players, and nothing else", async () => {
    const site = `http://demo.localhost:${port}`;
    const { page, problems } = await signIn(site, 'owner@demo.test');
    // Nothing leaves the machine: a request to any other host is aborted before it is sent, which
    // also shows that the browser, having checked the CSP, went ahead with it.
    const attempted: string[] = [];
    await page.route(
      (url) => url.hostname !== 'localhost' && !url.hostname.endsWith('.localhost') && url.hostname !== '127.0.0.1',
      (route) => {
        attempted.push(new URL(route.request().url()).origin);
        return route.abort();
      },
    );
    await page.goto(`${site}/dashboard`);
    await page.waitForSelector('main h1');
    const players = ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'https://player.vimeo.com/video/76979871?dnt=1'];
    const blocked = await page.evaluate(
      async (sources) => {
        const w = globalThis as unknown as FramePage;
        const violations: string[] = [];
        w.document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${new URL(event.blockedURI).origin}`));
        for (const src of sources) {
          const frame = w.document.createElement('iframe');
          frame.src = src;
          w.document.body.append(frame);
        }
        // Added last, so its refusal arrives after the players were checked.
        while (!violations.some((v) => v.endsWith('https://example.com'))) await new Promise((resolve) => w.requestAnimationFrame(() => resolve(undefined)));
        return violations;
      },
      [...players, 'https://example.com/embed'],
    );
    expect(blocked).toEqual(['frame-src https://example.com']);
    await expect.poll(() => [...new Set(attempted)].sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
    expect(problems).toEqual([]);
  });

  it('super-admin screens', async () => {
    const site = `http://localhost:${port}`;
    const { page, problems } = await signIn(site, 'admin@platform.test');
    for (const [screen, name] of [
      ['/dashboard', 'home'],
      ['/dashboard/accounts', 'accounts'],
      ['/dashboard/accounts/owners', 'owners'],
      ['/dashboard/billing/customers', 'customers'],
      ['/dashboard/docs', 'docs'],
      ['/dashboard/updates', 'updates'],
      ['/dashboard/tickets', 'tickets'],
      ['/dashboard/plugins', 'plugins'],
      ['/dashboard/maintenance/crons', 'crons'],
    ] as const) {
      await visit(page, problems, `${site}${screen}`, `super-${name}`);
    }
    expect(problems).toEqual([]);
  });

  it('the super-admin writes a doc in the editor and visitors find it published', async () => {
    const site = `http://localhost:${port}`;
    const { page, problems } = await signIn(site, 'admin@platform.test');
    await page.goto(`${site}/dashboard/docs`);
    await page.click('[data-testid=new-doc]');
    await page.fill('[data-testid=item-title]', 'Moving from another platform');
    const published = page.waitForResponse((r) => /\/api\/content\/docs\/[^/]+\/publish$/.test(r.url()) && r.request().method() === 'POST');
    await page.click('[data-testid=publish]');
    expect((await published).status()).toBe(200);
    await page.screenshot({ path: path.join(ARTIFACTS, 'screen-super-doc-editor.png'), fullPage: true });
    await page.goto(`${site}/dashboard/docs`);
    await page.locator('[data-testid=doc-list] tr', { hasText: 'Moving from another platform' }).waitFor();

    // This kernel draws no theme (the site pages are tested with the provider theme in tests/content/docs.test.ts): visitors' API.
    const visitor = await (await browser.newContext()).newPage();
    const listed = await visitor.request.get(`${site}/api/content/public/docs`);
    expect(await listed.json()).toMatchObject({ items: [{ slug: 'moving-from-another-platform', title: 'Moving from another platform' }] });
    await visitor.context().close();
    await page.context().close();
    expect(problems).toEqual([]);
  });
});
