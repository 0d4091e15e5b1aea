import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestKernel, TestMember } from '@lectern/sdk/testing';
import { SmtpCapture } from '../support/smtp-capture.js';
import { startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';

/** A site a super-admin creates: its owner is told by e-mail where it is and how to sign in (issue 18). */
describe("a new site's welcome e-mail", () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let root: TestMember;

  beforeAll(async () => {
    t = await startMailKernel(smtp);
    ({ superAdmin: root } = await t.platform());
  });
  afterAll(async () => {
    await stopMailKernel(t, smtp);
  });

  const create = (payload: Record<string, string>) => t.request({ method: 'POST', url: '/api/platform/accounts', payload, as: root });

  it('reaches a new owner with the address, the dashboard and how to sign in', async () => {
    const res = await create({ slug: 'clay-studio', name: 'Clay <Studio>', plan: 'professional', owner_email: 'Maya@Clay.test', owner_name: 'Maya' });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor('maya@clay.test');
    const raw = mail.raw.replace(/=\r?\n/g, '');
    expect(raw).toMatch(/^Subject: Your site Clay <Studio> is ready/m);
    const address = `clay-studio.${t.config.platformDomain}`;
    expect(raw).toContain(`${address}`);
    expect(raw).toMatch(new RegExp(`https?://${address.replace(/\./g, '\\.')}(:\\d+)?/dashboard`));
    expect(raw).toContain('Hello Maya,');
    expect(raw).toContain('Your plan: Professional.');
    expect(raw).toContain('ask for a one-time code');
    // The site's name is escaped in the HTML part.
    expect(raw).toContain('Clay &lt;Studio&gt;');
    // It is the new site's own mail, kept in its outbox.
    const outbox = await t.kernel.withSystem('test: read the outbox', (db) =>
      db
        .selectFrom('mail_outbox as o')
        .innerJoin('accounts as a', 'a.id', 'o.account_id')
        .select(['o.type', 'a.slug'])
        .where('o.to', '=', 'maya@clay.test')
        .execute(),
    );
    expect(outbox).toEqual([{ type: 'welcome', slug: 'clay-studio' }]);
  });

  it('tells an owner who already has a sign-in to use it', async () => {
    const before = smtp.messages.length;
    await t.createMember(await t.createAccount(), { email: 'sam@known.test' });
    expect((await create({ slug: 'sams-school', name: 'Sam School', plan: 'starter', owner_email: 'sam@known.test' })).statusCode).toBe(201);
    const raw = (await smtp.waitFor('sam@known.test', before)).raw.replace(/=\r?\n/g, '');
    expect(raw).toContain('Sign in with the password you already use');
    expect(raw).toContain('Your plan: Starter.');
  });

  it('sends nothing when the site is refused', async () => {
    const before = smtp.messages.length;
    expect((await create({ slug: 'clay-studio', name: 'Copy', plan: 'starter', owner_email: 'copy@clay.test' })).statusCode).toBe(409);
    expect((await create({ slug: 'zz-next', name: 'Next', plan: 'starter', owner_email: 'next@clay.test' })).statusCode).toBe(201);
    // Mail is delivered in order of sending: the next site's arrives, and nothing for the refused one before it.
    await smtp.waitFor('next@clay.test', before);
    expect(smtp.messages.slice(before).some((m) => m.to.includes('copy@clay.test'))).toBe(false);
  });
});
