import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { SmtpCapture, type CapturedMail } from '../support/smtp-capture.js';

/** The message as text: quoted-printable soft breaks and escapes undone. */
function decoded(mail: CapturedMail): string {
  return mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('site mail through the outbox and a real SMTP server', () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    const smtpUrl = await smtp.start();
    t = await createTestKernel({ env: { SMTP_URL: smtpUrl } });
    site = await t.createAccount({ name: 'Acme Academy' });
    owner = await t.createMember(site, { role: 'owner' });
    instructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp.stop();
  });

  it('delivers one email with tokens filled (HTML-escaped in the HTML part) and the default subject', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/emails/site/email',
      as: owner,
      payload: {
        to: 'learner@example.test',
        from: 'teacher@example.test',
        account_id: site.id,
        type: 'course_subscribed',
        tokens: { name: 'Ada & <Co>', course: 'Algebra' },
        html: '<p>Hello {{name}}, welcome to {{course}}!</p>',
      },
    });
    expect(response.statusCode).toBe(200);
    const { id } = response.json() as { id: string };
    const mail = await smtp.waitFor('learner@example.test');
    const text = decoded(mail);
    expect(text).toMatch(/^Subject: New mail$/m);
    expect(text).toContain('Hello Ada &amp; &lt;Co&gt;, welcome to Algebra!');
    expect(text).toContain('Hello Ada & <Co>, welcome to Algebra!'); // the plain-text part
    expect(text).toMatch(/^Reply-To: teacher@example\.test$/m);
    expect(text).toMatch(/^From: "?Acme Academy"? </m);

    const outbox = await until(async () => {
      const list = await t.request({ url: '/api/emails/outbox?status=sent', as: owner });
      const items = (list.json() as { items: Array<{ id: string; status: string; attempts: number; sent_at: string | null }> }).items;
      return items.find((i) => i.id === id);
    }, 'the outbox row to be marked sent');
    expect(outbox).toMatchObject({ status: 'sent', attempts: 1 });
    expect(outbox.sent_at).toBeTruthy();
  });

  it('renders tokens into a given subject', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/emails/site/email',
      as: instructor,
      payload: { to: 'quiz@example.test', subject: 'Quiz {{quiz}} graded', account_id: site.id, tokens: { quiz: 'Q1', body: 'Score: {{score}}', score: 9 } },
    });
    expect(response.statusCode).toBe(200);
    const text = decoded(await smtp.waitFor('quiz@example.test'));
    expect(text).toMatch(/^Subject: Quiz Q1 graded$/m);
    expect(text).toContain('Score: {{score}}'); // token values are not templates themselves
  });

  it("refuses another site's account_id, students, and batches over 1000", async () => {
    const other = await t.createAccount();
    const mismatch = await t.request({ method: 'POST', url: '/api/emails/site/email', as: owner, payload: { to: 'x@example.test', account_id: other.id } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: 'account_mismatch' });
    const asStudent = await t.request({ method: 'POST', url: '/api/emails/site/email', as: student, payload: { to: 'x@example.test', account_id: site.id } });
    expect(asStudent.statusCode).toBe(403);
    const huge = Array.from({ length: 1001 }, (_, i) => `u${i}@example.test`);
    const tooMany = await t.request({ method: 'POST', url: '/api/emails/site/batch-email', as: owner, payload: { emails: huge, account_id: site.id } });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'batch_too_large' });
    const outboxAsInstructor = await t.request({ url: '/api/emails/outbox', as: instructor });
    expect(outboxAsInstructor.statusCode).toBe(403);
  });

  it('delivers a batch and reports progress until sent equals the count', async () => {
    const emails = Array.from({ length: 12 }, (_, i) => `batch${i}@example.test`);
    const response = await t.request({
      method: 'POST',
      url: '/api/emails/site/batch-email',
      as: owner,
      payload: { emails, subject: 'News for {{site_name}}', tokens: { body: 'Hi there' }, account_id: site.id, type: 'newsletter' },
    });
    expect(response.statusCode).toBe(200);
    const { batch_id: batchId, count } = response.json() as { batch_id: string; count: number };
    expect(count).toBe(12);
    const progress = await until(async () => {
      const r = await t.request({ url: `/api/emails/batches/${batchId}`, as: owner });
      const body = r.json() as { sent: number; total: number; queued: number; done: boolean };
      return body.sent === 12 ? body : undefined;
    }, 'the batch to be sent');
    expect(progress).toMatchObject({ total: 12, sent: 12, queued: 0, failed: 0, done: true });
    for (const address of emails) {
      const mail = decoded(await smtp.waitFor(address));
      expect(mail).toMatch(/^Subject: News for Acme Academy$/m);
    }
  });

  it('counts emails per month against the plan and refuses past monthlyEmails', async () => {
    const broke = await t.createAccount({ plan: 'no-such-plan' });
    const broker = await t.createMember(broke, { role: 'owner' });
    const refused = await t.request({ method: 'POST', url: '/api/emails/site/email', as: broker, payload: { to: 'x@example.test', account_id: broke.id } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'email_quota_exceeded' });
    const used = await t.kernel.inAccount(site.id, ({ db }) => t.kernel.mail.usage(db, site.id));
    expect(used).toBe(1 + 1 + 12);
  });

  it('lets kernel services send through kernel.mail (MailSender), recorded under the account', async () => {
    await t.kernel.mail.send({ accountId: site.id, to: 'service@example.test', subject: 'Your code', text: 'Code 123456' });
    const text = decoded(await smtp.waitFor('service@example.test'));
    expect(text).toContain('Code 123456');
  });
});
