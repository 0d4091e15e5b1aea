import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type, definePlugin, sql, type RequestContext } from '@lectern/sdk';
import { type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { SmtpCapture } from '../support/smtp-capture.js';
import { LMS_TOUCHPOINTS, startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';
import { decoded } from './helpers.js';

interface FireBody {
  key: string;
  userId: string;
  email?: string;
  tokens?: Record<string, string>;
  itemId?: string;
  fail?: boolean;
}

const scopeOf = (ctx: RequestContext) => ({
  db: ctx.db,
  accountId: ctx.account.id,
  features: ctx.account.features,
  afterCommit: (task: () => void | Promise<void>) => ctx.afterCommit(task),
});

/** A plugin that declares touchpoints and fires any touchpoint on request (as a feature plugin would). */
const courses = definePlugin({
  manifest: {
    name: 'courses',
    version: '1.0.0',
    kernel: '^0.1.0',
    touchpoints: [
      { key: 'courses.badge_awarded', label: 'Badge awarded', subject: 'A badge for {{user_name}}', body: '<p>You earned {{badge}}.</p>' },
      { key: 'courses.nudge', label: 'Nudge', subject: '', body: '<p>Keep going, {{user_name}}.</p>' },
    ],
  },
  routes(app) {
    app.post(
      '/fire',
      {
        config: { capability: 'read' },
        schema: {
          body: Type.Object({
            key: Type.String(),
            userId: Type.String(),
            email: Type.Optional(Type.String()),
            tokens: Type.Optional(Type.Record(Type.String(), Type.String())),
            itemId: Type.Optional(Type.String()),
            fail: Type.Optional(Type.Boolean()),
          }),
          response: { 200: { type: 'object', properties: { emailed: { type: 'boolean' }, notificationId: { type: ['string', 'null'] } } } },
        },
      },
      async (request) => {
        const { key, userId, email, tokens, itemId, fail } = request.body;
        const result = await app.kernel.touchpoints.fire(scopeOf(request.ctx), key, { to: { userId, email }, tokens, itemId });
        if (fail) throw new Error('the rest of the work failed');
        return result;
      },
    );
  },
});

interface TouchpointBody {
  key: string;
  label: string;
  plugin?: string;
  email: boolean;
  notification: boolean;
  subject: string;
  body: string;
  customized: boolean;
}

describe('touchpoints', () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let otherOwner: TestMember;
  const hookEvents: unknown[] = [];
  /**
   * Mail for an address the outbox holds: every message is written there in the transaction that
   * sends it, before any job delivers it, so no new row means no mail, now or later.
   */
  const outboxFor = (email: string) =>
    t.kernel.withSystem(
      'test: count the outbox',
      async (db) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_outbox WHERE "to" = ${email}`.execute(db)).rows[0]?.n ?? 0,
    );

  beforeAll(async () => {
    t = await startMailKernel(smtp, { plugins: [courses] });
    t.kernel.hooks.addAction('notifications.created', (payload) => void hookEvents.push(payload));
    site = await t.createAccount();
    other = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student', email: 'stu@example.test' });
    otherOwner = await t.createMember(other, { role: 'owner' });
  });
  afterAll(() => stopMailKernel(t, smtp));

  const fire = async (body: FireBody, as: TestMember = student) => {
    const res = await t.request({ method: 'POST', url: '/api/courses/fire', as, payload: body });
    return res;
  };
  const setTouchpoint = (key: string, payload: Record<string, unknown>, as: TestMember = owner) =>
    t.request({ method: 'PUT', url: `/api/account/touchpoints/${key}`, as, payload });
  const notificationsOf = async (member: TestMember, query = '') =>
    (await t.request({ url: `/api/notifications${query}`, as: member })).json() as {
      notifications: Array<{ title: string; message: string; component: string; item_id: string | null; data: Record<string, string> }>;
      total: number;
    };

  it("lists the kernel's SPEC touchpoints and the plugins', off until enabled", async () => {
    const res = await t.request({ url: '/api/account/touchpoints', as: owner });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TouchpointBody[];
    const keys = list.map((tp) => tp.key);
    expect(keys).toEqual(expect.arrayContaining([...LMS_TOUCHPOINTS, 'courses.badge_awarded', 'courses.nudge']));
    expect(list.find((tp) => tp.key === 'courses.badge_awarded')).toEqual({
      key: 'courses.badge_awarded',
      label: 'Badge awarded',
      plugin: 'courses',
      email: false,
      notification: false,
      subject: 'A badge for {{user_name}}',
      body: '<p>You earned {{badge}}.</p>',
      customized: false,
    });
    expect(list.every((tp) => !tp.email && !tp.notification)).toBe(true);
    expect(list.find((tp) => tp.key === 'review')?.plugin).toBeUndefined();
    // Owners only.
    expect((await t.request({ url: '/api/account/touchpoints', as: student })).statusCode).toBe(403);
  });

  it('an enabled touchpoint emails the member after commit with tokens substituted (HTML-escaped) and leaves a notification', async () => {
    const put = await setTouchpoint('certificate_earned', { email: true, notification: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ key: 'certificate_earned', email: true, notification: true, customized: false });

    const seen = smtp.messages.length;
    const res = await fire({
      key: 'certificate_earned',
      userId: student.userId,
      email: student.email,
      itemId: 'course-1',
      tokens: { user_name: 'Stu <Dent>', course_title: 'Algebra & Co', link: 'https://site.test/c/1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ emailed: true, notificationId: expect.any(String) });

    const mail = decoded((await smtp.waitFor(student.email, seen)).raw);
    expect(mail).toMatch(/^Subject: Your certificate for Algebra & Co\r?$/m);
    expect(mail).toContain('Congratulations Stu &lt;Dent&gt;!');
    expect(mail).toContain('You earned the certificate of Algebra &amp; Co.');
    expect(mail).not.toContain('{{');
    expect(mail).toContain('Congratulations Stu <Dent>!'); // the text part

    const mine = await notificationsOf(student, '?component=kernel');
    expect(mine.total).toBe(1);
    expect(mine.notifications[0]).toMatchObject({ title: 'Your certificate for Algebra & Co', item_id: 'course-1', data: { action: 'certificate_earned' } });
    expect(mine.notifications[0]?.message).toContain('You earned the certificate of Algebra & Co.');
    expect(hookEvents).toContainEqual({ accountId: site.id, userId: student.userId, notificationId: res.json().notificationId, type: 'other' });
  });

  it('a disabled (or never enabled) touchpoint sends no mail and leaves no notification', async () => {
    await setTouchpoint('quiz_submit', { email: false, notification: false });
    const queued = await outboxFor(student.email);
    const before = (await notificationsOf(student)).total;
    for (const key of ['quiz_submit', 'quiz_reset']) {
      const res = await fire({ key, userId: student.userId, email: student.email, tokens: { quiz_title: 'Q1' } });
      expect(res.json()).toEqual({ emailed: false, notificationId: null });
    }
    expect(await outboxFor(student.email)).toBe(queued);
    expect((await notificationsOf(student)).total).toBe(before);
  });

  it('each switch works on its own: notification only, email only', async () => {
    await setTouchpoint('quiz_evaluate', { notification: true });
    await setTouchpoint('assignment_reset', { email: true });
    const seen = smtp.messages.length;
    const outboxBefore = await outboxFor(student.email);
    const before = (await notificationsOf(student)).total;

    const quiz = await fire({ key: 'quiz_evaluate', userId: student.userId, email: student.email, tokens: { quiz_title: 'Q2', marks: '9/10' } });
    expect(quiz.json()).toMatchObject({ emailed: false, notificationId: expect.any(String) });
    const assignment = await fire({ key: 'assignment_reset', userId: student.userId, email: student.email, tokens: { assignment_title: 'Essay' } });
    expect(assignment.json()).toEqual({ emailed: true, notificationId: null });

    const queued = await outboxFor(student.email);
    const mail = decoded((await smtp.waitFor(student.email, seen)).raw);
    expect(mail).toMatch(/^Subject: Essay was reset\r?$/m);
    // One message for the two touchpoints: the outbox got one row, and it is the one delivered.
    expect(queued - outboxBefore).toBe(1);
    expect((await notificationsOf(student)).total).toBe(before + 1);
  });

  it("uses the owner's templates when set, resets them with null, and falls back to New mail without a subject", async () => {
    const custom = await setTouchpoint('courses.badge_awarded', {
      email: true,
      subject: 'Badge: {{badge}}',
      body: '<p onclick="x()">Well done {{user_name}}<script>alert(1)</script></p>',
    });
    expect(custom.statusCode, custom.body).toBe(200);
    expect(custom.json()).toMatchObject({ subject: 'Badge: {{badge}}', body: '<p>Well done {{user_name}}</p>', customized: true, plugin: 'courses' });

    let seen = smtp.messages.length;
    await fire({ key: 'courses.badge_awarded', userId: student.userId, email: student.email, tokens: { badge: 'Gold', user_name: 'Stu' } });
    let mail = decoded((await smtp.waitFor(student.email, seen)).raw);
    expect(mail).toMatch(/^Subject: Badge: Gold\r?$/m);
    expect(mail).toContain('Well done Stu');

    const reset = await setTouchpoint('courses.badge_awarded', { subject: null, body: null });
    expect(reset.json()).toMatchObject({ email: true, subject: 'A badge for {{user_name}}', customized: false });

    await setTouchpoint('courses.nudge', { email: true });
    seen = smtp.messages.length;
    await fire({ key: 'courses.nudge', userId: student.userId, email: student.email, tokens: { user_name: 'Stu' } });
    mail = decoded((await smtp.waitFor(student.email, seen)).raw);
    expect(mail).toMatch(/^Subject: New mail\r?$/m);
    expect(mail).toContain('Keep going, Stu.');
  });

  it('work that rolls back sends nothing, leaves no row and fires no hook', async () => {
    await setTouchpoint('course_reset', { email: true, notification: true });
    const seen = smtp.messages.length;
    const before = (await notificationsOf(student)).total;
    const events = hookEvents.length;
    const queued = await outboxFor(student.email);
    const res = await fire({ key: 'course_reset', userId: student.userId, email: student.email, tokens: { course_title: 'Geo' }, fail: true });
    expect(res.statusCode).toBe(500);
    expect(await outboxFor(student.email)).toBe(queued);
    expect(smtp.messages.length).toBe(seen);
    expect((await notificationsOf(student)).total).toBe(before);
    expect(hookEvents.length).toBe(events);
  });

  it('settings belong to one account; unknown keys and bad bodies are refused', async () => {
    const others = (await t.request({ url: '/api/account/touchpoints', as: otherOwner })).json() as TouchpointBody[];
    expect(others.find((tp) => tp.key === 'certificate_earned')).toMatchObject({ email: false, notification: false });
    expect((await setTouchpoint('no_such_thing', { email: true })).statusCode).toBe(404);
    expect((await setTouchpoint('review', {})).statusCode).toBe(400);
    expect((await setTouchpoint('review', { email: 'yes' })).statusCode).toBe(400);
    expect((await setTouchpoint('review', { colour: 'red' })).statusCode).toBe(400);
    expect((await setTouchpoint('review', { email: true }, student)).statusCode).toBe(403);
    // Concurrent changes to different keys are all kept.
    await Promise.all(['quiz_retake', 'assignment_submit', 'assignment_evaluate'].map((key) => setTouchpoint(key, { notification: true })));
    const list = (await t.request({ url: '/api/account/touchpoints', as: owner })).json() as TouchpointBody[];
    for (const key of ['quiz_retake', 'assignment_submit', 'assignment_evaluate', 'certificate_earned']) {
      expect(list.find((tp) => tp.key === key)?.notification, key).toBe(true);
    }
  });
});
