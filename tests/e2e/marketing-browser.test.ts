import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type ThemeDefinition } from '@lectern/sdk';
import type { TestKernel } from '@lectern/sdk/testing';
import marketing from '@lectern/plugin-marketing';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { decoded } from '../notifications/helpers.js';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';

const PASSWORD = 'demo-password-1';
/** A small real PDF (the storage checks a file's content against its name). */
const CV_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/**
 * The marketing screen in Chromium, as the demo's owner uses it (issue 19, item 3): a list made, a
 * contact refused with the server's reason in a toast (SPEC §8) and one added, then a CSV imported
 * with its progress and the row it refused; at 375 px the screen fits the phone.
 */
describe('the marketing screen in a browser', () => {
  let t: TestKernel;
  let smtp: SmtpCapture;
  let dns: LocalDns;
  let browser: Browser;
  let site: string;

  beforeAll(async () => {
    dns = await startLocalDns();
    dns.set('school-mail.com', 'MX', [{ exchange: 'mx.school-mail.com', priority: 10 }]);
    // The real default theme draws the site's pages (the form block), imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    smtp = new SmtpCapture();
    t = await startMailKernel(smtp, { plugins: [marketing], seedDemo: true, themes: { site: theme }, env: { DNS_SERVERS: dns.server } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://demo.localhost:${(t.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await stopMailKernel(t, smtp);
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
    await page.fill('[data-testid=list-name]', 'Course launch');
    await page.click('[data-testid=list-form] button[type=submit]');
    await page.waitForSelector('[data-testid=list-row]:has-text("Course launch")');
    // Deleting asks first; confirmed, the row goes and a toast says so.
    await page.click('[data-testid=list-row]:has-text("Course launch") [data-testid=list-delete]');
    await page.click('dialog[open] button:has-text("Delete list")');
    await page.waitForSelector('text=List “Course launch” deleted');
    await page.waitForSelector('[data-testid=list-row]:has-text("Course launch")', { state: 'detached' });

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

  it('builds a form and an automation for it, puts the form in a popup, and a visitor on a phone sends it from the popup: problems said on their fields, then the thanks; the automation e-mails them and its trace shows in the builder', async () => {
    const { page, problems } = await signIn(1280);
    await page.goto(`${site}/dashboard/manage/marketing`);
    await page.click('[data-testid=marketing-tab-forms]');
    await page.click('[data-testid=new-form]');
    await page.fill('[data-testid=form-name]', 'Course waitlist');
    // The builder starts with a name and an e-mail field; a consent box is added and made required.
    expect(await page.$$('[data-testid=form-field]')).toHaveLength(2);
    await page.selectOption('[data-testid=new-field-type]', 'consent');
    await page.click('[data-testid=add-field]');
    const consent = page.locator('[data-testid=form-field]').nth(2);
    await consent.locator('[data-testid=field-label]').fill('I agree');
    await consent.locator('[data-testid=field-required]').check();
    // An optional file field for documents (a CV).
    await page.selectOption('[data-testid=new-field-type]', 'file');
    await page.click('[data-testid=add-field]');
    const upload = page.locator('[data-testid=form-field]').nth(3);
    await upload.locator('[data-testid=field-label]').fill('CV');
    await upload.locator('[data-testid=field-accept]').selectOption('documents');
    await page.locator('label:has-text("Newsletter") [data-testid=form-list]').check();
    await page.fill('[data-testid=form-success]', 'Thanks, you are on the waitlist!');
    await page.check('[data-testid=form-published]');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-form-builder.png'), fullPage: true });
    await page.click('[data-testid=form-builder] button[type=submit]');
    await page.waitForSelector('[data-testid=form-row]:has-text("Course waitlist")');

    // A popup holds the form (made through the API as the visual editor stores it, then edited and published on the Popups tab).
    const [demo] = await t.kernel.withSystem(
      'test: the demo site and its form',
      async (db) =>
        (
          await sql<{ id: string; form: string }>`
          SELECT a.id, f.id AS form FROM accounts a JOIN marketing_forms f ON f.account_id = a.id
           WHERE a.slug = 'demo' AND f.name = 'Course waitlist'`.execute(db)
        ).rows,
    );
    const owner = await t.createMember({ id: demo!.id, slug: 'demo', host: 'demo.localhost', plan: 'professional' }, { role: 'owner' });
    const made = await t.request({
      method: 'POST',
      url: '/api/marketing/popups',
      as: owner,
      payload: {
        name: 'Waitlist popup',
        document: {
          root: { props: {} },
          content: [{ type: 'MarketingForm', props: { id: 'form-1', form: { id: demo!.form, title: 'Course waitlist' }, heading: 'Join the waitlist' } }],
        },
        rules: { pages: { mode: 'only', paths: ['/'] } },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    await page.reload();
    await page.click('[data-testid=marketing-tab-popups]');
    await page.click('[data-testid=popup-row]:has-text("Waitlist popup") [data-testid=popup-edit]');
    // The visual editor opens on the popup's document (the form block names its form).
    await page.frameLocator('iframe').locator('[data-testid=form-block-placeholder]:has-text("Form: Course waitlist")').waitFor();
    await page.fill('[data-testid=popup-delay]', '1');
    await page.check('[data-testid=popup-published]');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-popup-editor.png'), fullPage: true });
    await page.click('[data-testid=popup-editor] button[type=submit]');
    await page.waitForSelector('[data-testid=popup-row]:has-text("Waitlist popup"):has-text("Published"):has-text("After 1 s")');

    // An automation e-mails whoever sends this form (issue 19: the builder, its forms made from the steps' schemas).
    await page.goto(`${site}/dashboard/manage/marketing/automations`);
    await page.click('[data-testid=new-automation]');
    await page.fill('[data-testid=automation-name]', 'Welcome to the waitlist');
    await page.selectOption('[data-testid=automation-trigger]', 'form_submitted');
    await page.selectOption('[data-testid=add-conditions-key]', 'form_id_equals');
    await page.click('[data-testid=add-conditions]');
    await page.selectOption('[data-testid=conditions-step] [data-testid=arg-id]', { label: 'Course waitlist' });
    await page.selectOption('[data-testid=add-actions-key]', 'send_email');
    await page.click('[data-testid=add-actions]');
    await page.fill('[data-testid=actions-step] [data-testid=arg-subject]', 'You are on the {{site}} waitlist');
    await page.fill('[data-testid=actions-step] [data-testid=arg-body]', 'Hello {{name}}, we will write when the course opens.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-automation-builder.png'), fullPage: true });
    await page.click('[data-testid=automation-builder] button[type=submit]');
    await page.waitForSelector('[data-testid=automation-row]:has-text("Welcome to the waitlist")');

    // A visitor on a phone: the popup opens a second after the home page loads, over the page (nothing under it moves).
    const visit = async () => {
      const visitor = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
      visitor.on('pageerror', (error) => problems.push(`visitor script error: ${error.message}`));
      await visitor.goto(`${site}/`);
      await visitor.waitForSelector('[data-testid=site-overlay] [role=dialog]', { state: 'visible' });
      return visitor;
    };
    const first = await visit();
    // Escape closes it and focus leaves it; this visit does not see it again.
    await first.keyboard.press('Escape');
    await first.waitForSelector('[data-testid=site-overlay]', { state: 'hidden' });
    expect(await first.evaluate<string | null>(`sessionStorage.getItem('lectern.popup.${(made.json() as { id: string }).id}')`)).toContain('"closed":true');
    await first.context().close();

    const visitor = await visit();
    const shifted = await visitor.evaluate<number>(
      "new Promise((done) => { let sum = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) sum += entry.value; }).observe({ type: 'layout-shift', buffered: true }); requestAnimationFrame(() => requestAnimationFrame(() => done(sum))); })",
    );
    expect(shifted).toBeLessThan(0.01);
    const form = visitor.locator('[data-testid=site-overlay] [data-testid=marketing-form]');
    await expect.poll(() => form.locator('h2').textContent()).toBe('Join the waitlist');
    // The island has taken over once the fields can be typed in (the server's copy is read-only).
    await form.locator('input[name=name]').fill('');
    await form.locator('[data-testid=form-send]').click();
    await visitor.waitForSelector('[data-field=name] >> text=This field is required');
    await visitor.waitForSelector('[data-field=i_agree] >> text=Tick the box to go on');
    expect(await visitor.evaluate<string | null>("document.activeElement?.getAttribute('name')")).toBe('name');
    await visitor.screenshot({ path: path.join(ARTIFACTS, 'marketing-form-problems.png'), fullPage: true });
    expect(await form.locator('input[name=name]').getAttribute('aria-invalid')).toBe('true');

    await form.locator('input[name=name]').fill('Grace Hopper');
    await form.locator('input[name=email]').fill('grace@nowhere-at-all.com');
    await form.locator('input[name=i_agree]').check();
    // A file of another type is refused on its field at once; a PDF is taken.
    const cv = form.locator('input[name=cv]');
    await cv.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a document') });
    await visitor.waitForSelector('[data-field=cv] >> text=Choose a file of one of these types');
    await cv.setInputFiles({ name: 'my-cv.pdf', mimeType: 'application/pdf', buffer: CV_PDF });
    await expect.poll(() => form.locator('[data-field=cv] .mk-form__error').count()).toBe(0);
    await form.locator('[data-testid=form-send]').click();
    // The server's refusal (mail cannot reach the domain) lands on the e-mail field.
    await visitor.waitForSelector('[data-field=email] >> text=Mail cannot reach this address');
    await form.locator('input[name=email]').fill('grace@school-mail.com');
    await form.locator('[data-testid=form-send]').click();
    await visitor.waitForSelector('[data-testid=form-thanks]:has-text("Thanks, you are on the waitlist!")');
    // The popup fits the phone.
    const wide = await visitor.evaluate<string[]>(
      "[...document.querySelectorAll('[data-testid=site-overlay] *')].filter((e) => e.getBoundingClientRect().right > 375.5).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))",
    );
    expect(wide).toEqual([]);
    await visitor.screenshot({ path: path.join(ARTIFACTS, 'marketing-form-phone.png'), fullPage: true });

    // The automation e-mailed the visitor (seen at the SMTP server), and its run's trace shows in the builder.
    const mail = decoded((await smtp.waitFor('grace@school-mail.com')).raw);
    expect(mail).toContain('Subject: You are on the Demo Academy waitlist');
    expect(mail).toContain('/subscribe/unsubscribe?contact=');
    await page.goto(`${site}/dashboard/manage/marketing/automations`);
    await page.click('[data-testid=automation-row]:has-text("Welcome to the waitlist") [data-testid=automation-runs]');
    await page.waitForSelector('[data-testid=automation-run-row]:has-text("Completed")');
    const trace = await page.locator('[data-testid=automation-trace-step]').allTextContents();
    expect(trace).toEqual([expect.stringContaining('The form is'), expect.stringContaining('Send an e-mail to the person')]);
    expect(trace[0]).toContain('Passed');
    expect(trace[1]).toContain('Done');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-automation-runs.png'), fullPage: true });
    // The builder's dry run over past events names the visitor the live run e-mailed.
    await page.click('text=← Automations');
    await page.click('[data-testid=automation-row]:has-text("Welcome to the waitlist") [data-testid=automation-edit]');
    await page.click('[data-testid=backtest-run]');
    await page.waitForSelector('[data-testid=backtest-action]:has-text("grace@school-mail.com")');
    expect(await page.textContent('[data-testid=backtest-result]')).toContain('It would have run for 1 of 1 events');

    // The marketing home: the form seen by both visitors (the popup opened twice) and sent once.
    await page.goto(`${site}/dashboard/manage/marketing`);
    const row = page.locator('[data-testid=overview-form-row]:has-text("Course waitlist")');
    await expect.poll(() => row.locator('td').allTextContents()).toEqual(['Course waitlist', '2', '1', '50%']);
    await page.waitForSelector('[data-testid=overview-subscribers] svg');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-overview.png'), fullPage: true });
    await page.click('[data-testid=marketing-tab-forms]');
    await page.waitForSelector('[data-testid=form-row]:has-text("Course waitlist") >> text=1');
    await page.click('[data-testid=form-row]:has-text("Course waitlist") [data-testid=form-submissions]');
    await page.waitForSelector('[data-testid=submission-row]:has-text("grace@school-mail.com")');
    expect(await page.textContent('[data-testid=submission-row]')).toContain('Grace Hopper');
    // The visitor's file downloads from the site's managers-only storage, as sent.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=submission-file]:has-text("my-cv.pdf")')]);
    expect(download.suggestedFilename()).toBe('my-cv.pdf');
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(CV_PDF)).toBe(true);
    await page.click('[data-testid=submissions-back]');
    await page.click('[data-testid=marketing-tab-contacts]');
    await page.waitForSelector('[data-testid=contact-row]:has-text("grace@school-mail.com"):has-text("Newsletter")');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-forms.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('composes a campaign, tries it on the owner’s address, sends it to the newsletter after a confirmation, and shows its figures', async () => {
    const { page, problems } = await signIn(1280);
    await page.goto(`${site}/dashboard/manage/marketing`);
    await page.click('[data-testid=marketing-tab-campaigns]');
    await page.click('[data-testid=new-campaign]');
    await page.fill('[data-testid=campaign-name]', 'March news');
    await page.fill('[data-testid=campaign-subject]', 'News from {{site}}');
    const blocks = page.locator('[data-testid=campaign-block]');
    await blocks.nth(0).locator('[data-testid=block-text]').fill('A new course');
    await blocks.nth(1).locator('[data-testid=block-text]').fill('Hello {{name}},\n\nour spring course opens on Monday.');
    await page.selectOption('[data-testid=new-block-type]', 'button');
    await page.click('[data-testid=add-block]');
    await blocks.nth(2).locator('[data-testid=block-label]').fill('See the course');
    await blocks.nth(2).locator('[data-testid=block-url]').fill('https://academy.example.com/spring');
    await page.locator('label:has-text("Newsletter") [data-testid=campaign-list]').check();
    // Members by role are offered too (no LMS or shop on this kernel: no courses or customers).
    await page.waitForSelector('label:has-text("Student") [data-testid=campaign-role]');
    expect(await page.locator('[data-testid=campaign-course], [data-testid=campaign-customers]').count()).toBe(0);
    await page.click('[data-testid=campaign-save]');
    await page.waitForSelector('[data-testid=campaign-audience]:has-text("active contacts")');
    const reach = Number(/(\d+)/.exec((await page.textContent('[data-testid=campaign-audience]')) ?? '')![1]);
    expect(reach).toBeGreaterThanOrEqual(3);

    await page.fill('[data-testid=campaign-test-to]', 'owner@demo.test');
    await page.click('[data-testid=campaign-test]');
    const test = decoded((await smtp.waitFor('owner@demo.test')).raw);
    expect(test).toContain('Subject: [Test] News from Demo Academy');
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-campaign-editor.png'), fullPage: true });

    const before = smtp.messages.length;
    await page.click('[data-testid=campaign-send]');
    await page.click(`dialog[open] button:has-text("Send now")`);
    await page.waitForSelector('[data-testid=campaign-row]:has-text("March news")');
    await smtp.waitForCount(before + reach);
    const sent = smtp.messages.slice(before).map((mail) => decoded(mail.raw));
    expect(sent.every((mail) => mail.includes('Subject: News from Demo Academy') && mail.includes('/subscribe/unsubscribe?contact='))).toBe(true);
    await page.waitForSelector('[data-testid=campaign-row]:has-text("March news"):has-text("Sent")', { timeout: 15_000 });
    await page.click('[data-testid=campaign-row]:has-text("March news") [data-testid=campaign-open]');
    await expect.poll(() => page.textContent('[data-testid=campaign-sent]')).toContain(String(reach));
    await page.screenshot({ path: path.join(ARTIFACTS, 'marketing-campaign-figures.png'), fullPage: true });
    expect(problems).toEqual([]);
  });

  it('takes a signed-in member to the page an automation’s redirect_user left them, on their next page load, once', async () => {
    const [demo] = await t.kernel.withSystem(
      'test: the demo site',
      async (db) => (await sql<{ id: string; plan: string }>`SELECT id::text, plan FROM accounts WHERE slug = 'demo'`.execute(db)).rows,
    );
    const account = { id: demo!.id, slug: 'demo', host: 'demo.localhost', plan: demo!.plan };
    const manager = await t.createMember(account, { role: 'owner' });
    const member = await t.createMember(account, { role: 'student', email: 'rita@school-mail.com', password: PASSWORD });
    const api = async <T>(method: string, url: string, payload: unknown, status: number) => {
      const res = await t.request({ method: method as 'POST', url, account, as: manager, payload });
      expect(res.statusCode, res.body).toBe(status);
      return res.json<T>();
    };
    const made = await api<{ id: string }>(
      'POST',
      '/api/automations',
      { name: 'Back to the blog', trigger_type: 'manual', conditions: [], actions: [{ key: 'redirect_user', args: { url: '/blog' } }] },
      201,
    );
    await api('POST', `/api/automations/${made.id}/run`, { user_id: member.userId }, 202);
    await expect
      .poll(async () => {
        const res = await t.request({ url: `/api/automations/runs?automation_id=${made.id}`, account, as: manager });
        return res.json<{ items: Array<{ status: string }> }>().items[0]?.status;
      })
      .toBe('completed');

    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`${site}/login`);
    await page.fill('input[name=email]', 'rita@school-mail.com');
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(`${site}/`);
    await page.waitForURL(/\/blog$/);
    // Taken once: the home page stays home on the next load.
    await page.goto(`${site}/`);
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
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
