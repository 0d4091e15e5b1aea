import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadThemes } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { SmtpCapture } from '../support/smtp-capture.js';

/**
 * Issue 18's journey in Chromium: a visitor of the platform's site picks Professional on the
 * pricing page, makes a site on the sign-up form and lands signed in on that site's dashboard, with
 * the trial shown, the starter site live at the new address and the welcome e-mail delivered.
 */
describe('signing up for a site in a real browser', () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let browser: Browser;
  let port: number;
  const problems: string[] = [];
  const consoleLines: string[] = [];

  beforeAll(async () => {
    const SMTP_URL = await smtp.start();
    t = await createTestKernel({ seedDemo: true, themes: await loadThemes(), env: { SMTP_URL } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
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
    await smtp.stop();
  });

  async function visitor(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 860 } });
    const page = await context.newPage();
    page.on('console', (message) => {
      consoleLines.push(`${message.type()}: ${message.text()}`);
      if (message.type() === 'error' && !message.location().url.includes('/avatars/')) problems.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) consoleLines.push(`HTTP ${response.status()} ${response.request().method()} ${response.url()}`);
    });
    return page;
  }
  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `signup-${name}.png`), fullPage: true });

  it('takes a visitor from the pricing page to their own signed-in dashboard on a Professional trial', async () => {
    const page = await visitor();
    await page.goto(`http://localhost:${port}/`);
    await page.click('a[href="/pricing"]');
    await page.click('[data-plan="professional"] a.plan-cta');
    await page.waitForURL(/\/signup\?plan=professional/);
    await page.waitForSelector('[data-testid=signup-page] fieldset:not([disabled])');
    expect(await page.isChecked('input[name=plan][value=professional]')).toBe(true);

    await page.fill('input[name=site_name]', 'Maple Pottery School');
    // The address follows the name and is checked as it is typed.
    await page.getByText('maple-pottery-school.localhost is free').waitFor();
    expect(await page.inputValue('input[name=slug]')).toBe('maple-pottery-school');
    await page.fill('input[name=owner_name]', 'Maya Maple');
    await page.fill('input[name=email]', 'maya@maple.test');
    await page.fill('input[name=password]', 'wheel-thrown-Bowls-7');
    await page.selectOption('select[name=currency]', 'CAD');
    await shot(page, 'form');
    await page.click('button[type=submit]');

    await page.waitForURL(new RegExp(`^http://maple-pottery-school\\.localhost:${port}/dashboard/?$`));
    // Signed in there: the sidebar is drawn for the owner, and the trial is shown with the way to a plan.
    await page.waitForSelector('[data-testid=sidebar] [data-entry]', { state: 'attached' });
    const banner = page.getByTestId('trial-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/Professional trial has 30 days left/);
    // The hand-off secret is gone from the address bar.
    expect(page.url()).not.toContain('handoff');
    await shot(page, 'dashboard');
    expect(problems).toEqual([]);

    // Until the owner confirms the address, visitors get "almost ready"; the welcome e-mail brings the link.
    const site = await visitor();
    const waiting = await site.goto(`http://maple-pottery-school.localhost:${port}/`);
    expect(waiting?.status()).toBe(503);
    expect(await site.textContent('main')).toContain('almost ready');
    // Chromium logs the 503 itself as a failed load: that one is expected.
    const expected503 = `Failed to load resource: the server responded with a status of 503 (Service Unavailable) http://maple-pottery-school.localhost:${port}/`;
    expect(problems).toEqual([expected503]);
    problems.length = 0;
    const mail = await smtp.waitFor('maya@maple.test');
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^Subject: Your site Maple Pottery School is ready/m);
    const link = /(http:\/\/maple-pottery-school\.localhost:\d+\/auth\/v1\/verify\?[^\s"<]+)/.exec(raw)?.[1]?.replace(/&amp;/g, '&');
    expect(link).toBeDefined();
    // Followed in the owner's browser: confirmed, and back on the dashboard still signed in.
    await page.goto(link!);
    await page.waitForURL(new RegExp(`^http://maple-pottery-school\\.localhost:${port}/dashboard/?$`));
    await page.waitForSelector('[data-testid=sidebar] [data-entry]', { state: 'attached' });
    expect(page.url()).not.toContain('access_token');

    // Now the starter site is live at the new address.
    const response = await site.goto(`http://maple-pottery-school.localhost:${port}/`);
    expect(response?.status()).toBe(200);
    expect(await site.textContent('main')).toContain('Welcome to Maple Pottery School');
    expect(await site.locator('header a[href="/about"]').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.context().close();
    await site.context().close();
  });

  it('answers a taken address at once and fits a phone screen', async () => {
    const page = await visitor(375);
    await page.goto(`http://localhost:${port}/signup`);
    await page.waitForSelector('[data-testid=signup-page] fieldset:not([disabled])');
    // The seeded demo site has the address "demo".
    await page.fill('input[name=slug]', 'demo');
    await page.getByText('demo.localhost is taken').waitFor();
    await page.click('button:has-text("Use demo-2")');
    await page.getByText('demo-2.localhost is free').waitFor();
    // Evaluated in the page (a string: this file is type-checked without the DOM's types).
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(375);
    // Submitting with a field left empty says what is missing and takes the focus there.
    await page.click('button[type=submit]');
    await page.getByText('Give your site a name.').first().waitFor();
    expect(await page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null")).toBe('site_name');
    await shot(page, 'phone');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
