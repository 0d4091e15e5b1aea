import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';

// Entries whose screens belong to later issues (LMS, e-commerce), declared the way those plugins'
// manifests will: what the browser checks here is the menu rules of SPEC §2 and §6. Pages and posts
// are the kernel's own entries.
const lms = definePlugin({
  manifest: {
    name: 'lms-fixture',
    version: '1.0.0',
    kernel: '*',
    feature: 'lms',
    admin: {
      menu: [
        { id: 'courses', label: 'menu.courses', path: '/dashboard/courses', order: 20 },
        { id: 'instructor', label: 'menu.instructor', path: '/dashboard/instructor', order: 30, capability: ['create_courses', 'manage_options'] },
      ],
    },
  },
});
const shop = definePlugin({
  manifest: {
    name: 'shop-fixture',
    version: '1.0.0',
    kernel: '*',
    admin: { menu: [{ id: 'orders', label: 'menu.orders', path: '/dashboard/orders', order: 45, without: 'manage_options' }] },
  },
});

const PASSWORD = 'demo-password-1';

describe('the dashboard in a real browser', () => {
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let platformBase: string;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    t = await createTestKernel({ seedDemo: true, plugins: [lms, shop], env: { SUPERADMIN_EMAILS: 'admin@platform.test' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // Chromium resolves every *.localhost name to the loopback address by itself.
    base = `http://demo.localhost:${port}`;
    platformBase = `http://localhost:${port}`;
    browser = await launchBrowser();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(consoleLines.slice(-30).join('\n'));
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(email: string, options: { width?: number; site?: string } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: options.width ?? 1280, height: 860 } });
    const page = await context.newPage();
    // What the page said, for the failure message if a step times out.
    page.on('console', (message) => consoleLines.push(`[${email}] ${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[${email}] pageerror: ${error.message}`));
    await page.goto(`${options.site ?? base}/dashboard`);
    // Not signed in: the server sends the browser to the login page, remembering the dashboard.
    await page.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    await page.waitForSelector('[data-testid=sidebar] [data-entry]', { state: 'attached' });
    return page;
  }

  const entries = async (page: Page, selector: string) => page.$$eval(`${selector} [data-entry]`, (nodes) => nodes.map((n) => n.getAttribute('data-entry')));
  const profileMenu = async (page: Page) => {
    await page.click('[data-testid=account-menu]');
    const list = await entries(page, '[data-testid=profile-menu]');
    await page.keyboard.press('Escape');
    return list;
  };
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `dashboard-${name}.png`), fullPage: true });

  it('shows the owner the manage menus, pages and posts, but not orders', async () => {
    const page = await signIn('owner@demo.test');
    await shot(page, 'owner');
    const sidebar = await entries(page, '[data-testid=sidebar]');
    expect(sidebar).toEqual(expect.arrayContaining(['pages', 'posts', 'billing', 'addons', 'lms-fixture.instructor']));
    expect(sidebar).not.toContain('shop-fixture.orders');
    expect(await profileMenu(page)).toEqual(['profile', 'manage.site', 'manage.users', 'manage']);
    expect(await page.isVisible('[data-testid=create-menu]')).toBe(true);
    // The presence channel (supabase-js over the kernel's realtime) counts the owner as online.
    await page.waitForSelector('[data-testid=online-badge]');
    await page.context().close();
  });

  it('shows the student orders, and neither pages, posts nor the manage menus', async () => {
    const page = await signIn('student@demo.test');
    await shot(page, 'student');
    const sidebar = await entries(page, '[data-testid=sidebar]');
    expect(sidebar).toContain('shop-fixture.orders');
    expect(sidebar).not.toContain('pages');
    expect(sidebar).not.toContain('posts');
    expect(sidebar).not.toContain('lms-fixture.instructor');
    expect(await profileMenu(page)).toEqual(['profile']);
    expect(await page.isVisible('[data-testid=create-menu]')).toBe(false);
    // SPEC §2: logout signs out and goes to the site's home.
    await page.click('[data-testid=account-menu]');
    await page.click('[data-testid=logout]');
    await page.waitForURL(`${base}/`);
    // Signed out for the server too: the dashboard sends the browser back to the login page.
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
    await page.context().close();
  });

  it('gives the instructor the instructor entry (create_courses with the lms feature)', async () => {
    const page = await signIn('instructor@demo.test');
    await shot(page, 'instructor');
    expect(await entries(page, '[data-testid=sidebar]')).toContain('lms-fixture.instructor');
    await page.context().close();
  });

  it('keeps the chosen theme across a reload', async () => {
    const page = await signIn('owner@demo.test');
    await page.click('[data-testid=account-menu]');
    await page.click('[data-theme-choice=night]');
    await page.waitForSelector('[data-theme=night]');
    const background = await page.evaluate<string>('getComputedStyle(document.body).backgroundColor');
    await page.reload();
    await page.waitForSelector('[data-testid=sidebar] [data-entry=home]');
    expect((await page.isVisible('[data-theme=night]')) || (await page.$('[data-theme=night]')) !== null).toBe(true);
    expect(await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe(background);
    // The choice is the member's, not only this browser's: a fresh browser gets it from the server.
    const fresh = await signIn('owner@demo.test');
    await fresh.waitForSelector('[data-theme=night]');
    await shot(fresh, 'owner-night');
    await fresh.context().close();
    await page.context().close();
  });

  it('keeps the sidebar closed at 700 px wide', async () => {
    const page = await signIn('student@demo.test', { width: 700 });
    const sidebar = page.locator('[data-testid=sidebar]');
    expect(await sidebar.getAttribute('data-open')).toBe('false');
    expect(await sidebar.isVisible()).toBe(false);
    // Opened as a drawer, it closes again when the member moves to another screen.
    await page.click('[data-testid=sidebar-toggle]');
    expect(await sidebar.isVisible()).toBe(true);
    await page.click('[data-testid=sidebar] [data-entry=notifications]');
    await page.waitForURL(/\/dashboard\/notifications$/);
    await sidebar.waitFor({ state: 'hidden' });
    await shot(page, 'student-700px');
    await page.context().close();
  });

  it('lays the page out right to left in Arabic', async () => {
    const page = await signIn('student@demo.test');
    await page.click('[data-testid=account-menu]');
    await page.selectOption('[data-testid=language-choice]', 'ar');
    await page.waitForSelector('html[dir=rtl][lang=ar]');
    const sidebarBox = await page.locator('[data-testid=sidebar]').boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    // In right-to-left the side menu sits on the right.
    expect(sidebarBox!.x + sidebarBox!.width).toBeGreaterThan(width - 5);
    await shot(page, 'student-arabic');
    await page.context().close();
  });

  it('shows the super-admin the platform menu', async () => {
    const page = await signIn('admin@platform.test', { site: platformBase });
    await shot(page, 'super-admin');
    const sidebar = await entries(page, '[data-testid=sidebar]');
    expect(sidebar).toEqual(expect.arrayContaining(['super.accounts', 'super.owners', 'super.customers', 'super.updates', 'super.tickets', 'super.crons']));
    expect(sidebar).not.toContain('billing');
    await page.context().close();
    const owner = await signIn('owner@demo.test');
    expect(await entries(owner, '[data-testid=sidebar]')).not.toContain('super.accounts');
    await owner.context().close();
  });

  it('lists unread alerts with a count; a click marks one read and the list refreshes (SPEC §4)', async () => {
    const { id } = await t.kernel.withSystem('test: find the demo site', (db) =>
      db.selectFrom('accounts').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow(),
    );
    for (const message of ['<b>Backup finished</b>', 'Your plan renews soon']) {
      await t.kernel.inAccount(id as string, (scope) =>
        t.kernel.notifications.createAccountNotification(scope.db, { accountId: id as string, message, severity: 2 }),
      );
    }
    const page = await signIn('owner@demo.test');
    const bell = page.locator('[data-testid=alerts-bell]');
    await page.waitForSelector('[data-testid=alerts-bell][aria-label$="(2)"]');
    await bell.click();
    await page.click('text=Backup finished');
    await page.waitForSelector('[data-testid=alerts-bell][aria-label$="(1)"]');
    expect(await page.isVisible('text=Backup finished')).toBe(false);
    expect(await page.isVisible('text=Your plan renews soon')).toBe(true);
    await page.context().close();
  });

  it('gives the top bar a shadow once the page scrolls past 20 px', async () => {
    const page = await signIn('owner@demo.test');
    await page.setViewportSize({ width: 1280, height: 420 });
    await page.goto(`${base}/dashboard/manage/site`);
    await page.waitForSelector('main h1');
    expect(await page.getAttribute('[data-testid=topbar]', 'data-shadow')).toBe('false');
    await page.evaluate('window.scrollTo(0, 10)');
    await page.waitForTimeout(100);
    expect(await page.getAttribute('[data-testid=topbar]', 'data-shadow')).toBe('false');
    await page.evaluate('window.scrollTo(0, 60)');
    await page.waitForSelector('[data-testid=topbar][data-shadow=true]');
    await page.context().close();
  });

  it('removes a switched-off add-on from the menus, and its pages answer not found', async () => {
    const page = await signIn('owner@demo.test');
    await page.click('[data-testid=sidebar] [data-entry=addons]');
    await page.click('[data-testid=addon-toggle-lms]');
    await page.click('dialog[open] button:has-text("Switch off")');
    await page.waitForSelector('[data-testid=sidebar] [data-entry="lms-fixture.courses"]', { state: 'detached' });
    expect(await entries(page, '[data-testid=sidebar]')).not.toContain('lms-fixture.instructor');
    const response = await page.goto(`${base}/dashboard/courses`);
    expect(response?.status()).toBe(404);
    await page.waitForSelector('text=Not found');
    await page.context().close();
    // Without the lms feature the instructor loses the entry too (SPEC §6).
    const instructor = await signIn('instructor@demo.test');
    expect(await entries(instructor, '[data-testid=sidebar]')).not.toContain('lms-fixture.instructor');
    await instructor.context().close();
  });

  it('starts the tour for members while the account is onboarding, records it, and restarts it from help', async () => {
    const owner = await signIn('owner@demo.test');
    await owner.goto(`${base}/dashboard/manage/site`);
    await owner.check('[data-testid=onboard]');
    await owner.click('main button[type=submit]');
    await owner.waitForSelector('[data-testid=toast]');
    await owner.context().close();

    const page = await signIn('instructor@demo.test');
    const tour = page.locator('[data-testid=tour]');
    await tour.waitFor();
    expect(await tour.textContent()).toContain('1 of 5');
    await tour.locator('button:has-text("Next")').click();
    expect(await tour.textContent()).toContain('2 of 5');
    await shot(page, 'instructor-tour');
    await tour.locator('button:has-text("Skip the tour")').click();
    await tour.waitFor({ state: 'detached' });
    // Done is recorded for the member: a reload does not start it again.
    await page.reload();
    await page.waitForSelector('[data-testid=sidebar] [data-entry=home]');
    await page.waitForLoadState('networkidle');
    expect(await page.$('[data-testid=tour]')).toBeNull();
    await page.click('[data-tour=help]');
    await tour.waitFor();
    expect(await tour.textContent()).toContain('1 of 5');
    await page.context().close();

    // A student has no create menu, so the tour has no stop for it (the student reads Arabic by now,
    // from the test above, so the count is read from the card's attributes).
    const student = await signIn('student@demo.test');
    await student.waitForSelector('[data-testid=tour][data-step="1"][data-total="4"]');
    await student.context().close();
  });
});
