import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadThemes } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';
import { ARTIFACTS, launchBrowser } from '../support/browser.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { decoded } from '../notifications/helpers.js';

const PASSWORD = 'demo-password-1';
const STUDENT = 'student@demo.test';
const INSTRUCTOR = 'instructor@demo.test';
const TOUCHPOINTS = ['course_subscribed_student', 'course_subscribed_instructor', 'quiz_submit', 'quiz_evaluate', 'evaluate_course', 'certificate_earned'];

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(decoded(raw))?.[1]?.trim();

/**
 * Issue 7's acceptance run in Debian's Chromium on the seeded demo: the demo student enrols in a
 * course from its landing page, completes units, meets a locked unit with its explanation and
 * submits a quiz that needs evaluation; the demo instructor grades it in the instructor area; the
 * student sees 100 %, finishes and downloads the certificate; the touchpoint emails arrive at a real
 * SMTP server.
 */
describe('the LMS in a real browser', () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let browser: Browser;
  let base: string;
  let course: { id: string; slug: string };
  let quizId: string;
  const consoleLines: string[] = [];

  async function api(email: string, method: string, url: string, payload?: unknown) {
    const token = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { host: 'demo.localhost' },
      payload: { email, password: PASSWORD },
    });
    const { access_token } = token.json() as { access_token: string };
    const res = await t.request({
      method: method as 'GET',
      url,
      headers: { host: 'demo.localhost', authorization: `Bearer ${access_token}` },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as Record<string, unknown>;
  }

  beforeAll(async () => {
    const SMTP_URL = await smtp.start();
    t = await createTestKernel({ seedDemo: true, plugins: [lms], themes: await loadThemes(), env: { SMTP_URL } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    base = `http://demo.localhost:${port}`;
    browser = await launchBrowser();

    // The owner's touchpoint settings: these emails on (SPEC §7: nothing is sent until enabled).
    const demo = await t.kernel.accounts.findBySlug('demo');
    const settings = Object.fromEntries(TOUCHPOINTS.map((key) => [key, { email: true, notification: true }]));
    const purge = await t.kernel.inAccount(demo!.id, ({ db }) => t.kernel.options.set(db, demo!.id, 'touchpoints', settings));
    await purge();

    // The instructor's course: units behind the unit lock, then a quiz the instructor evaluates.
    course = (await api(INSTRUCTOR, 'POST', '/api/lms/courses', {
      title: 'Kitchen Knife Skills',
      excerpt: 'Hold, cut and care for a knife.',
      settings: { unitLock: true, evaluation: 'auto' },
    })) as { id: string; slug: string };
    const add = async (post_type: string, title: string, extra: Record<string, unknown> = {}) =>
      (await api(INSTRUCTOR, 'POST', `/api/lms/courses/${course.id}/items`, { post_type, title, ...extra })).id as string;
    await add('section', 'Basics');
    const text = (html: string) => ({ root: { props: {} }, content: [{ type: 'RichText', props: { id: 'r1', html } }] });
    await add('unit', 'Holding the knife', { document: text('<p>Grip the handle, pinch the blade.</p>') });
    await add('unit', 'The claw grip', { document: text('<p>Curl your fingertips under.</p>') });
    quizId = await add('quiz', 'Knife check', { settings: { evaluation: 'manual', retakes: 0, passing_mark: 50 } });
    await api(INSTRUCTOR, 'POST', `/api/lms/quizzes/${quizId}/questions`, { type: 'essay', prompt: 'Why keep a knife sharp?', data: {}, marks: 5 });
    await api(INSTRUCTOR, 'POST', `/api/lms/courses/${course.id}/publish`, {});
  });
  afterEach((context) => {
    if (context.task.result?.state === 'fail') console.error(consoleLines.slice(-40).join('\n'));
    consoleLines.length = 0;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp.stop();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(ARTIFACTS, `lms-${name}.png`), fullPage: true });

  async function signIn(email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on('console', (message) => consoleLines.push(`[${email}] ${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => consoleLines.push(`[${email}] pageerror: ${error.message}`));
    await page.goto(`${base}/dashboard`);
    await page.waitForURL(/\/login\?redirectedFrom=%2Fdashboard/);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.click('button[type=submit]');
    await page.waitForURL(/\/dashboard$/);
    return page;
  }

  const mailTo = async (to: string, subject: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = smtp.messages.find((m) => m.to.includes(to) && subjectOf(m.raw) === subject);
      if (found !== undefined) return decoded(found.raw);
      if (Date.now() > deadline)
        throw new Error(`no mail "${subject}" to ${to}; got ${smtp.messages.map((m) => `${m.to.join()}: ${subjectOf(m.raw)}`).join(' | ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const item = (page: Page, title: string) => page.locator('[data-testid=sidebar-item]', { hasText: title });

  it('the student enrols from the landing page, meets the locked unit with its reason, completes units and submits the quiz', async () => {
    const page = await signIn(STUDENT);
    await page.goto(`${base}/course/${course.slug}`);
    // Saved for later first (the LMS's wishlist island), and still saved on the next load.
    const wish = page.locator('[data-testid=course-wishlist]');
    await expect.poll(() => wish.isEnabled()).toBe(true);
    expect(await wish.getAttribute('aria-pressed')).toBe('false');
    await wish.click();
    await expect.poll(() => wish.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await page.locator('[data-testid=course-wishlist]').getAttribute('aria-pressed')).toBe('true');
    await page.click('[data-testid=course-action] a');
    await page.waitForURL(new RegExp(`/dashboard/courses/${course.slug}`));
    await page.click('[data-testid=enrol]');
    await page.waitForSelector('[data-testid=player-sidebar]');

    // The second unit is locked, and says why.
    await expect.poll(() => item(page, 'The claw grip').getAttribute('data-state')).toBe('locked');
    await item(page, 'The claw grip').click();
    const reason = page.locator('[data-testid=lock-reason][data-reason=unit_lock]').first();
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/previous unit/i);
    await shot(page, 'locked-unit');

    await item(page, 'Holding the knife').click();
    await page.waitForSelector('[data-testid=unit-content]');
    await page.frameLocator('[data-testid=document-view]').getByText('Grip the handle, pinch the blade.').waitFor();
    await page.click('[data-testid=mark-complete]');
    await expect.poll(() => item(page, 'Holding the knife').getAttribute('data-state')).toBe('complete');
    await expect.poll(() => item(page, 'The claw grip').getAttribute('data-state')).toBe('open');
    await item(page, 'The claw grip').click();
    await page.click('[data-testid=mark-complete]');
    await expect.poll(() => item(page, 'The claw grip').getAttribute('data-state')).toBe('complete');

    await item(page, 'Knife check').click();
    await page.click('[data-testid=quiz-start]');
    await page.fill('[data-testid=quiz-text-answer]', 'A sharp knife slips less and cuts cleanly.');
    await page.click('[data-testid=quiz-submit]');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /submit/i })
      .click();
    await page.waitForSelector('[data-testid=quiz-awaiting]');
    await shot(page, 'quiz-awaiting');
    await mailTo(INSTRUCTOR, 'Sam Student submitted Knife check');
    await page.context().close();
  });

  it('the instructor creates a course with a unit, a quiz and an assignment in the instructor area and publishes it', async () => {
    const page = await signIn(INSTRUCTOR);
    // The quick-create menu's "New course" opens the form.
    await page.goto(`${base}/dashboard/instructor/new`);
    await page.fill('[data-testid=new-course-title]', 'Sharpening 101');
    await page.locator('[data-testid=new-course-form] button[type=submit]').click();
    await page.waitForURL(/\/dashboard\/instructor\/courses\/[0-9a-f-]{36}/);
    await page.click('[data-testid=course-tab-curriculum]');
    for (const [type, title] of [
      ['unit', 'Whetstones'],
      ['quiz', 'Angle check'],
      ['assignment', 'Sharpen a knife'],
    ] as const) {
      await page.fill('[data-testid=add-item-title]', title);
      await page.click(`[data-testid=add-${type}]`);
      await page.locator('[data-testid=curriculum-item]', { hasText: title }).waitFor();
    }
    expect(await page.$$eval('[data-testid=curriculum-item]', (rows) => rows.map((row) => row.getAttribute('data-type')))).toEqual([
      'unit',
      'quiz',
      'assignment',
    ]);
    await shot(page, 'curriculum');
    await page.click('[data-testid=course-tab-details]');
    await page.click('[data-testid=course-publish]');
    await page.locator('[data-testid=course-unpublish]').waitFor();
    await page.goto(`${base}/course/sharpening-101`);
    expect(await page.locator('[data-testid=course-outline]').textContent()).toContain('Angle check');
    // The quick-create menu's "New quiz" lands on the quiz list, which holds the new quiz with its course.
    await page.goto(`${base}/dashboard/instructor/quizzes`);
    await page.locator('[data-testid=quiz-row]', { hasText: 'Angle check' }).filter({ hasText: 'Sharpening 101' }).waitFor();
    await page.context().close();
  });

  it('the instructor grades the quiz in the instructor area', async () => {
    const page = await signIn(INSTRUCTOR);
    await page.goto(`${base}/dashboard/instructor/courses/${course.id}`);
    await gradeQuiz(page);
    await shot(page, 'graded');
    expect(await mailTo(STUDENT, 'Knife check was evaluated')).toContain('was evaluated: 4.');
    await page.context().close();
  });

  it('the student sees 100 %, finishes the course and downloads the certificate', async () => {
    const page = await signIn(STUDENT);
    await page.goto(`${base}/dashboard/courses/${course.slug}`);
    await page.waitForSelector('[data-testid=player-sidebar]');
    await expect.poll(async () => (await page.locator('[data-testid=player-sidebar]').textContent()) ?? '').toContain('100%');
    await page.click('[data-testid=finish-course]');
    await page.getByRole('dialog').getByRole('button').last().click();
    await page.waitForSelector('[data-testid=course-evaluated]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid=certificate-download]')]);
    expect(download.suggestedFilename()).toBe(`certificate-${course.slug}.pdf`);
    const saved = path.join(ARTIFACTS, 'lms-certificate.pdf');
    await download.saveAs(saved);
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'certificate');

    expect(await mailTo(STUDENT, 'Welcome to Kitchen Knife Skills')).toContain(`/dashboard/courses/${course.slug}`);
    await mailTo(INSTRUCTOR, 'New student in Kitchen Knife Skills');
    const earned = await mailTo(STUDENT, 'Your certificate for Kitchen Knife Skills');
    const verify = /(https?:\/\/[^\s"<]+\/certificate\/[A-Z0-9-]+)/.exec(earned)?.[1];
    expect(verify).toBeDefined();
    await page.goto(verify!.replace(/^https?:\/\/[^/]+/, base));
    expect(await page.locator('[data-testid=certificate-student]').textContent()).toBe('Sam Student');
    await page.context().close();
  });
});

/** In the course editor's Submissions tab: open the waiting attempt, give the essay 4 of 5, evaluate. */
async function gradeQuiz(page: Page): Promise<void> {
  await page.click('[data-testid=course-tab-submissions]');
  const row = page.locator('[data-testid=quiz-submission-row]', { hasText: 'Knife check' });
  await row.locator('[data-testid=grade-quiz]').click();
  const form = page.locator('[data-testid=quiz-evaluation]');
  await expect.poll(async () => (await form.textContent()) ?? '').toContain('A sharp knife slips less and cuts cleanly.');
  await form.locator('[data-testid=evaluation-marks]').fill('4');
  await form.locator('[data-testid=evaluation-submit]').click();
  // Evaluated attempts leave the queue of those awaiting evaluation.
  await expect.poll(() => page.locator('[data-testid=quiz-submission-row]', { hasText: 'Knife check' }).count()).toBe(0);
}
