import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

const PASSWORD = 'correct-horse-42';
const DOMAIN = 'learn.ui-school.test';

/** The dashboard's custom-domain tab: the record to publish, Verify, and the state it shows. */
describe('the custom domain tab in a real browser', () => {
  let dns: LocalDns;
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let ownerEmail = '';
  const consoleLines: string[] = [];

  beforeAll(async () => {
    dns = await startLocalDns();
    t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const site = await t.createAccount({ slug: 'ui-school', name: 'UI School' });
    ownerEmail = (await t.createMember(site, { role: 'owner', password: PASSWORD })).email;
    base = `http://ui-school.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(consoleLines.slice(-40).join('\n'));
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await dns?.close();
  });

  it('saves a domain, shows its TXT record, and verifies it once the record is published', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
    try {
      await page.goto(`${base}/login`);
      await page.fill('input[name=email]', ownerEmail);
      await page.fill('input[name=password]', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`${base}/dashboard/manage/site?tab=domain`);

      const input = page.locator('[data-testid=custom-domain]');
      await input.fill(DOMAIN);
      await page.locator('form', { has: input }).locator('button[type=submit]').click();

      const status = page.locator('[data-testid=domain-status]');
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('pending');
      const name = await page.locator('[data-testid=domain-record-name]').textContent();
      const value = await page.locator('[data-testid=domain-record-value]').textContent();
      expect(name).toBe(`_lectern-challenge.${DOMAIN}`);
      expect(value).toMatch(/^[A-Za-z0-9_-]{32}$/);

      // Verify before the record exists: still pending, and the tab says why.
      await page.click('[data-testid=domain-verify]');
      await expect
        .poll(async () => (await page.locator('[data-testid=domain-last-error]').textContent()) ?? '', { timeout: 15_000 })
        .toContain('No TXT record');
      expect(await status.getAttribute('data-status')).toBe('pending');
      await page.screenshot({ path: path.join(ARTIFACTS, 'custom-domain-pending.png'), fullPage: true });

      // The owner publishes the record; Verify now serves the site there.
      dns.set(name as string, 'TXT', [value as string]);
      await page.click('[data-testid=domain-verify]');
      await expect.poll(() => status.getAttribute('data-status'), { timeout: 15_000 }).toBe('verified');
      await page.screenshot({ path: path.join(ARTIFACTS, 'custom-domain-verified.png'), fullPage: true });
      const served = await t.request({ url: '/api/site/config', headers: { host: DOMAIN } });
      expect(served.statusCode).toBe(200);
    } finally {
      await context.close();
    }
  });
});
