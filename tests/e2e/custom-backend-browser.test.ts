import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadThemes, type SiteThemes } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { launchBrowser } from '../support/browser.js';

const PASSWORD = 'correct-horse-42';
// Another hosted backend: nothing listens there, so signing in against it would fail.
const FOREIGN = { url: 'https://127.0.0.1:9', key: 'foreign-anon-key' };

/**
 * An owner who points the site at a backend of its own still signs in to the dashboard and uses
 * it: the dashboard (and the theme's sign-in page, which is also the dashboard's) keep the
 * platform's sign-in. Run with the default theme drawing /login, and with the dashboard's own.
 */
describe.each([
  ['the theme draws /login', true],
  ['the dashboard draws /login', false],
])('a custom backend in a real browser (%s)', (_label, themed) => {
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let ownerEmail = '';
  const consoleLines: string[] = [];

  beforeAll(async () => {
    const themes: SiteThemes | undefined = themed ? await loadThemes() : undefined;
    t = await createTestKernel(themes === undefined ? {} : { themes });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const site = await t.createAccount({ slug: 'own-backend', name: 'Own Backend School' });
    const owner = await t.createMember(site, { role: 'owner', password: PASSWORD });
    ownerEmail = owner.email;
    const saved = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { backend: FOREIGN } } });
    expect(saved.statusCode, saved.body).toBe(200);
    base = `http://own-backend.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(consoleLines.slice(-40).join('\n'));
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('signs the owner in to /dashboard and its screens load', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    page.on('requestfailed', (request) => consoleLines.push(`failed: ${request.method()} ${request.url()}`));
    const foreignRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(FOREIGN.url)) foreignRequests.push(request.url());
    });
    try {
      await page.goto(`${base}/dashboard`);
      await page.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
      await page.fill('input[name=email]', ownerEmail);
      await page.fill('input[name=password]', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/dashboard$/);
      await page.waitForSelector('[data-testid=sidebar] [data-entry]', { state: 'attached' });
      // The dashboard's API calls work: the site settings screen shows the saved backend.
      await page.goto(`${base}/dashboard/manage/site?tab=backend`);
      const backendUrl = page.locator('input[placeholder="https://project.example.com"]');
      await backendUrl.waitFor();
      expect(await backendUrl.inputValue()).toBe(FOREIGN.url);
      expect(foreignRequests).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
