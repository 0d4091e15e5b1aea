import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

const PASSWORD = 'demo-password-1';

/**
 * The marketing screen in Chromium, as the demo's owner uses it (issue 19, item 3): a list made, a
 * contact refused with the server's reason in a toast (SPEC §8) and one added, then a CSV imported
 * with its progress and the row it refused; at 375 px the screen fits the phone.
 */
describe('the marketing screen in a browser', () => {
  let t: TestKernel;
  let dns: LocalDns;
  let browser: Browser;
  let site: string;

  beforeAll(async () => {
    dns = await startLocalDns();
    dns.set('school-mail.com', 'MX', [{ exchange: 'mx.school-mail.com', priority: 10 }]);
    t = await createTestKernel({ plugins: [marketing], seedDemo: true, env: { DNS_SERVERS: dns.server } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://demo.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await dns?.close();
  });

  async function signIn(width: number): Promise<{ page: Page; problems: string[] }> {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`script error: ${error.message}`));
    await page.goto(`${site}/login`);
    await page.fill('input[name=email]', 'owner@demo.test');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    return { page, problems };
  }

  it('makes a list, refuses an address mail cannot reach, adds one, and imports a CSV with its report', async () => {
    const { page, problems } = await signIn(1280);
    await page.goto(`${site}/dashboard/manage/marketing`);
    await page.click('[data-testid=marketing-tab-lists]');
    await page.click('[data-testid=new-list]');
    await page.fill('[data-testid=list-name]', 'Newsletter');
    await page.click('[data-testid=list-form] button[type=submit]');
    await page.waitForSelector('[data-testid=list-row]:has-text("Newsletter")');

    await page.click('[data-testid=marketing-tab-contacts]');
    // The demo's newsletter contacts (the plugin's seed) are there already.
    await page.waitForSelector('[data-testid=contact-row]');
    const seeded = (await page.$$('[data-testid=contact-row]')).length;
    await page.click('[data-testid=new-contact]');
    await page.fill('[data-testid=contact-email]', 'ada@nowhere-at-all.com');
    await page.click('[data-testid=contact-form] button[type=submit]');
    await page.waitForSelector('text=Mail cannot reach this address; no contact was created');
    expect(await page.$$('[data-testid=contact-row]')).toHaveLength(seeded);
    await page.fill('[data-testid=contact-email]', 'ada@school-mail.com');
    await page.selectOption('[data-testid=contact-list]', { label: 'Newsletter' });
    await page.click('[data-testid=contact-form] button[type=submit]');
    await page.waitForSelector('[data-testid=contact-row]:has-text("ada@school-mail.com")');

    await page.click('[data-testid=import-contacts]');
    await page.setInputFiles('[data-testid=import-file]', {
      name: 'contacts.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('email,name\nbo@school-mail.com,Bo\nnot-an-address,Nobody\ncy@school-mail.com,Cy\n'),
    });
    await page.click('[data-testid=import-form] button[type=submit]');
    await page.waitForSelector('[data-testid=import-status]:has-text("Done: 2 new, 0 updated, 1 not imported")');
    const reject = await page.textContent('[data-testid=import-rejects] tbody tr');
    expect(reject).toContain('3');
    expect(reject).toContain('Not an e-mail address');
    await page.click('[data-testid=import-close]');
    await page.waitForSelector('[data-testid=contact-row]:has-text("cy@school-mail.com")');
    expect(await page.$$('[data-testid=contact-row]')).toHaveLength(seeded + 3);
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-contacts.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('fits a 375 px phone', async () => {
    const { page, problems } = await signIn(375);
    await page.goto(`${site}/dashboard/manage/marketing`);
    await page.waitForSelector('main h1');
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-phone.png'), fullPage: true });
    // The page itself never scrolls sideways (the contacts table scrolls inside its own box).
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    const offenders = await page.evaluate<string[]>(
      "[...document.querySelectorAll('header *, main > *')].filter((e) => e.getBoundingClientRect().right > 376).map((e) => e.tagName + ' ' + Math.round(e.getBoundingClientRect().right))",
    );
    expect(width, `wider than the phone: ${offenders.join(', ')}`).toBeLessThanOrEqual(375);
    expect(problems).toEqual([]);
  });
});
