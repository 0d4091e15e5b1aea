import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadThemes } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';

const PASSWORD = 'demo-password-1';

/** The page's window as these callbacks use it (they run in the browser; this file has no DOM types). */
type Styled = { getComputedStyle(target: unknown): { borderColor: string; color: string } };
const STUDENT = 'student@demo.test';
const OWNER = 'owner@demo.test';

/**
 * Issue 8's acceptance run in Debian's Chromium on the seeded demo shop: a visitor adds a product
 * from the home page's product grid, sees the cart modal and, 3 s later, the cross-sell panel; an
 * expired coupon turns the coupon box red with cart.couponExpired's text, a valid one green with
 * the discount; checking out offline (signing in inline) creates an order the member finds in
 * /dashboard/orders; buying the course product, once the owner marks the order paid, enrols them.
 */
describe('the shop in a real browser', () => {
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let visitor: BrowserContext;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    // The demo's platform admin is a super-admin here: the platform's billing screens are theirs.
    t = await createTestKernel({ seedDemo: true, plugins: [lms, ecommerce], themes: await loadThemes(), env: { SUPERADMIN_EMAILS: 'admin@platform.test' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `http://demo.localhost:${port}`;
    browser = await launchBrowser();
    visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(consoleLines.slice(-40).join('\n'));
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `shop-${name}.png`), fullPage: true });
  const watch = (page: Page, who: string) => {
    page.on('console', (message) => consoleLines.push(`[${who}] ${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[${who}] pageerror: ${error.message}`));
    return page;
  };
  const card = (page: Page, title: string) => page.locator('[data-testid=product-card]', { hasText: title });

  /** Signs in through the checkout's inline form; the page comes back to /checkout signed in. */
  async function signInAtCheckout(page: Page, email: string): Promise<void> {
    const auth = page.locator('[data-testid=checkout-auth]');
    await auth.locator('input[name=email]').fill(email);
    await auth.locator('input[name=password]').fill(PASSWORD);
    await auth.locator('button[type=submit]').click();
    await page.locator('[data-testid=checkout-signed-in]').waitFor();
  }

  async function placeOrder(page: Page): Promise<string> {
    await page.locator('[data-testid=checkout-place]').click();
    await page.waitForURL(/\/thankyou\?order=[0-9A-Z]{10}$/);
    return new URL(page.url()).searchParams.get('order') ?? '';
  }

  it('adds a product: the cart modal opens, and the cross-sell panel follows 3 s later', async () => {
    const page = watch(await visitor.newPage(), 'visitor');
    await page.goto(`${base}/`);
    const toolkit = card(page, 'Design Toolkit');
    await toolkit.waitFor();
    // The button is an island: it works once the shop's browser code has mounted it.
    await toolkit.locator('[data-testid=buy-button]').waitFor();
    const added = Date.now();
    await toolkit.locator('[data-testid=buy-button]').click();
    const modal = page.locator('[data-testid=cart-modal]');
    await modal.waitFor();
    expect(await modal.locator('[data-testid=cart-line-title]').allTextContents()).toEqual(['Design Toolkit']);
    // SPEC §9: cart amounts without decimals.
    expect(await modal.locator('[data-testid=cart-line-price]').textContent()).toBe('$29');
    expect(await page.locator('[data-testid=cross-sell]').count()).toBe(0);
    const suggestion = page.locator('[data-testid=cross-sell-item]', { hasText: 'Public Speaking Essentials' });
    await suggestion.waitFor({ timeout: 10_000 });
    expect(Date.now() - added).toBeGreaterThanOrEqual(3000);
    await shot(page, 'cart-cross-sell');
    // The cart is kept in browser storage under `cart` (SPEC §3 shape).
    const stored = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('cart')")) ?? '{}') as {
      cartItems: Array<{ title: string; quantity: number; type: string; object: string }>;
    };
    expect(stored.cartItems).toEqual([expect.objectContaining({ title: 'Design Toolkit', quantity: 1, type: 'oneTime', object: 'product' })]);
    await page.locator('[data-testid=cross-sell-dismiss]').first().click();
    await page.close();
  });

  it('turns the coupon box red for an expired coupon and green with the discount for a valid one', async () => {
    const page = watch(await visitor.newPage(), 'visitor');
    await page.goto(`${base}/`);
    await page.locator('[data-testid=header-cart], .cart-button').first().click();
    const modal = page.locator('[data-testid=cart-modal]');
    await modal.waitFor();
    await modal.locator('[data-testid=coupon-open]').click();
    await modal.locator('[data-testid=coupon-input]').fill('SPRING10');
    await modal.locator('[data-testid=coupon-apply]').click();
    const form = modal.locator('[data-testid=coupon-form]');
    await expect.poll(() => form.getAttribute('data-state')).toBe('invalid');
    expect(await modal.locator('[data-testid=coupon-message]').textContent()).toBe('This coupon has expired');
    const red = await modal.locator('[data-testid=coupon-input]').evaluate((input) => (globalThis as unknown as Styled).getComputedStyle(input).borderColor);
    await shot(page, 'coupon-expired');

    await modal.locator('[data-testid=coupon-input]').fill('WELCOME20');
    await modal.locator('[data-testid=coupon-apply]').click();
    const applied = modal.locator('[data-testid=coupon-applied]');
    await applied.waitFor();
    expect(await applied.locator('[data-testid=coupon-name]').textContent()).toBe('WELCOME20');
    // 20 % of $29.00 is $5.80, shown without decimals in the cart.
    expect(await applied.locator('[data-testid=coupon-discount]').textContent()).toBe('−$6');
    // Red and green as drawn: the invalid input's border, the applied coupon's chip and its discount.
    const rgb = (color: string) => {
      const match = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(color);
      expect(match, color).not.toBeNull();
      return match!.slice(1).map(Number) as [number, number, number];
    };
    const colorOf = (selector: string, property: 'color' | 'borderColor') =>
      applied.locator(selector).evaluate((element, name) => (globalThis as unknown as Styled).getComputedStyle(element)[name], property);
    const [r, g] = rgb(red);
    expect(r).toBeGreaterThan(g);
    for (const [selector, property] of [
      ['.shop-coupon__chip', 'color'],
      ['.shop-coupon__chip', 'borderColor'],
      ['[data-testid=coupon-discount]', 'color'],
    ] as const) {
      const [cr, cg, cb] = rgb(await colorOf(selector, property));
      expect(cg, `${selector} ${property}`).toBeGreaterThan(cr);
      expect(cg, `${selector} ${property}`).toBeGreaterThan(cb);
    }
    await shot(page, 'coupon-applied');
    await page.close();
  });

  it('checks out offline after signing in inline; the order is in /dashboard/orders', async () => {
    const page = watch(await visitor.newPage(), 'visitor');
    await page.goto(`${base}/checkout`);
    await page.locator('[data-testid=checkout-summary]').waitFor();
    // SPEC §2: /checkout has no header and no footer.
    expect(await page.locator('[data-testid=site-header]').count()).toBe(0);
    expect(await page.locator('[data-testid=site-footer]').count()).toBe(0);
    await signInAtCheckout(page, STUDENT);
    await expect.poll(async () => (await page.locator('[data-testid=checkout-total]').textContent()) ?? '').toBe('$23.20');
    await shot(page, 'checkout');
    const number = await placeOrder(page);
    expect(await page.evaluate<string | null>("localStorage.getItem('cart')")).not.toContain('Design Toolkit');

    await page.goto(`${base}/dashboard/orders`);
    const row = page.locator('[data-testid=my-order-row]', { hasText: number });
    await row.waitFor();
    expect(await row.textContent()).toContain('$23.20');
    await shot(page, 'my-orders');
    await page.close();
  });

  it('buying the course product enrols the buyer once the owner marks the offline order paid', async () => {
    const page = watch(await visitor.newPage(), 'student');
    await page.goto(`${base}/`);
    const course = card(page, 'Public Speaking Essentials');
    await course.locator('[data-testid=buy-button]').click();
    await page.locator('[data-testid=cart-modal] [data-testid=cart-checkout]').click();
    await page.waitForURL(/\/checkout$/);
    await page.locator('[data-testid=checkout-signed-in]').waitFor();
    const number = await placeOrder(page);

    await page.goto(`${base}/dashboard/courses`);
    await page.getByText('Web Design Foundations').first().waitFor();
    expect(await page.getByText('Public Speaking Essentials').count()).toBe(0);

    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const admin = watch(await owner.newPage(), 'owner');
    await admin.goto(`${base}/dashboard`);
    await admin.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
    await admin.fill('input[name=email]', OWNER);
    await admin.fill('input[name=password]', PASSWORD);
    await admin.click('button[type=submit]');
    await admin.waitForURL(/\/dashboard$/);
    await admin.goto(`${base}/dashboard/manage/ecommerce?tab=orders`);
    await admin.locator('[data-testid=order-row]', { hasText: number }).getByRole('link').click();
    await admin.locator('[data-testid=order-mark-paid]').click();
    await admin.getByRole('dialog').getByRole('button').last().click();
    await expect.poll(() => admin.locator('[data-testid=order-status]').first().getAttribute('data-status')).toBe('paid');
    await shot(admin, 'order-paid');
    await owner.close();

    await page.goto(`${base}/dashboard/courses`);
    await page.getByText('Public Speaking Essentials').first().waitFor();
    await shot(page, 'enrolled');
    await page.close();
  });
  it('sells a plan: the owner orders it by bank transfer, the super-admin marks it paid in the billing screens, and the site is on it', async () => {
    const signIn = async (site: string, email: string, who: string) => {
      const page = watch(await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(), who);
      await page.goto(`${site}/login`);
      await page.fill('input[name=email]', email);
      await page.fill('input[name=password]', PASSWORD);
      await page.click('button[type=submit]');
      await page.waitForURL(/\/dashboard\/?$/);
      return page;
    };
    const owner = await signIn(base, OWNER, 'owner');
    await owner.goto(`${base}/dashboard/billing`);
    const form = owner.getByTestId('plan-checkout');
    await form.waitFor();
    await form.locator('select[name=plan]').selectOption('dedicated');
    await form.locator('select[name=interval]').selectOption('year');
    await form.locator('select[name=provider]').selectOption('offline');
    await form.locator('button[type=submit]').click();
    const placed = owner.getByTestId('plan-order-placed');
    await placed.waitFor();
    const orderNumber = /Order (\S+) is placed/.exec((await placed.textContent()) ?? '')?.[1] ?? '';
    expect(orderNumber).toMatch(/^[0-9A-Z]{10}$/);
    await shot(owner, 'plan-ordered');

    // The platform's super-admin finds it among the plan orders and marks it paid.
    const platformBase = base.replace('//demo.', '//');
    const admin = await signIn(platformBase, 'admin@platform.test', 'super-admin');
    await admin.goto(`${platformBase}/dashboard/billing/orders`);
    await admin.locator('[data-testid=order-row]', { hasText: orderNumber }).getByRole('link').click();
    await admin.locator('[data-testid=order-mark-paid]').click();
    await admin.getByRole('dialog').getByRole('button').last().click();
    await expect.poll(() => admin.locator('[data-testid=order-status]').first().getAttribute('data-status')).toBe('paid');

    // Its subscription and the customer, as the billing screens list them.
    await admin.goto(`${platformBase}/dashboard/billing/subscriptions`);
    await admin.locator('[data-testid=subscription-list] tbody tr', { hasText: 'Dedicated plan (yearly)' }).first().waitFor();
    await admin.goto(`${platformBase}/dashboard/billing/customers`);
    const customer = admin.locator('tr[data-customer=demo]');
    await customer.waitFor();
    expect(await customer.textContent()).toMatch(/Dedicated.*Paying/);
    await shot(admin, 'billing-customers');
    // Its usage: the meters against the plan now, and a chart of a monthly meter.
    await customer.getByRole('button', { name: /Usage of/ }).click();
    const usage = admin.getByTestId('customer-usage');
    await usage.locator('tr[data-meter=members]').waitFor();
    await usage.locator('[data-history-meter=emails]').click();
    expect(await usage.locator('[data-history-meter=emails]').getAttribute('aria-pressed')).toBe('true');
    await usage.locator('#customer-usage-history-chart .recharts-bar').waitFor({ state: 'attached' });
    // Far below its limit, the chart keeps its scale and names the limit instead of drawing it.
    await usage.getByText('Plan limit: 200,000').waitFor();
    expect(await usage.locator('#customer-usage-history-chart').getAttribute('aria-label')).toMatch(/^Emails per month/);
    await shot(admin, 'billing-customer-usage');
    await usage.getByRole('button', { name: 'Close' }).click();
    await admin.context().close();

    await owner.goto(`${base}/dashboard/billing`);
    await owner.getByTestId('billing-paid-until').waitFor();
    expect(await owner.locator('#billing-plan').textContent()).toBe('Dedicated');
    // The owner sees the same monthly chart under the usage table.
    await owner.locator('#billing-history-chart .recharts-bar').waitFor({ state: 'attached' });
    // The payment's receipt is listed, and downloads as a PDF.
    const receipt = owner.locator(`tr[data-invoice="${orderNumber}"]`);
    await receipt.waitFor();
    const [download] = await Promise.all([owner.waitForEvent('download'), receipt.getByRole('button').click()]);
    expect(download.suggestedFilename()).toBe(`receipt-${orderNumber}.pdf`);
    // Cancelling asks first, then says until when the plan runs.
    await owner.getByTestId('plan-cancel').click();
    await owner.getByRole('dialog').getByRole('button').last().click();
    await owner
      .getByTestId('plan-subscription')
      .getByText(/^Cancelled: your plan runs until/)
      .waitFor();
    await shot(owner, 'plan-cancelled');
    await owner.context().close();
  });
});
