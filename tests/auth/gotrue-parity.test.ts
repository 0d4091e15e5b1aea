import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AuthWeakPasswordError, type User } from '@supabase/supabase-js';
import type { RecordingSmsProvider } from '@lectern/core';
import type { TestMember } from '@lectern/sdk/testing';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { SmtpCapture } from '../support/smtp-capture.js';

const PASSWORD = 'correct-horse-42';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Site = Awaited<ReturnType<AuthSite['site']>>;

/** A value nested `levels` deep: {a: {a: … {}}}. */
function deeplyNested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

/** The session id inside an access token. */
function sessionIdOf(accessToken: string): string {
  return (JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { session_id: string }).session_id;
}

/** The shape of a user object: its keys, and its first identity's keys and identity_data keys. */
function shapeOf(user: User): { user: string[]; identity: string[]; data: string[] } {
  const identity = (user.identities ?? [])[0] ?? {};
  return {
    user: Object.keys(user).sort(),
    identity: Object.keys(identity).sort(),
    data: Object.keys((identity as { identity_data?: object }).identity_data ?? {}).sort(),
  };
}

describe('auth as GoTrue does it', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite();
  });
  afterAll(async () => {
    await s?.close();
  });

  async function siteWithSettings(slug: string, settings: Record<string, unknown>): Promise<{ site: Site; owner: TestMember }> {
    const site = await s.site({ slug });
    const owner = await s.t.createMember(site.account, { role: 'owner' });
    const put = await s.t.request({ method: 'PUT', url: '/api/account/auth-settings', as: owner, payload: settings });
    expect(put.statusCode).toBe(200);
    return { site, owner };
  }

  const rawUser = (site: Site, token: string) =>
    s.t.app.inject({ url: '/auth/v1/user', headers: { host: new URL(site.url).host, authorization: `Bearer ${token}`, apikey: site.anonKey } });

  describe('identities', () => {
    it('an email user carries its email identity in sign-up, token and GET /user answers', async () => {
      const site = await s.site({ slug: 'ident-email' });
      const { client } = s.client(site);
      const up = await client.auth.signUp({ email: 'Ident@Example.test', password: PASSWORD });
      expect(up.error).toBeNull();
      const user = up.data.user!;
      expect(user.identities).toHaveLength(1);
      const identity = user.identities![0]!;
      expect(identity).toMatchObject({
        id: user.id,
        user_id: user.id,
        provider: 'email',
        email: 'ident@example.test',
        identity_data: { sub: user.id, email: 'ident@example.test', email_verified: true, phone_verified: false },
      });
      expect(identity.identity_id).toMatch(UUID);
      expect(identity.created_at).toBe(user.created_at);
      expect(typeof identity.updated_at).toBe('string');
      expect(typeof identity.last_sign_in_at).toBe('string');

      const signIn = await s.client(site).client.auth.signInWithPassword({ email: 'ident@example.test', password: PASSWORD });
      expect(signIn.data.session?.user.identities?.map((i) => [i.provider, i.identity_id])).toEqual([['email', identity.identity_id]]);
      const refreshed = await client.auth.refreshSession();
      expect(refreshed.data.session?.user.identities?.[0]?.identity_id).toBe(identity.identity_id);
      const got = await client.auth.getUser();
      expect(got.data.user?.identities).toHaveLength(1);
      expect(got.data.user?.identities?.[0]).toMatchObject({ provider: 'email', identity_id: identity.identity_id, identity_data: { email_verified: true } });
    });

    it('a phone user carries its phone identity, verified once the number is', async () => {
      const site = await s.site({ slug: 'ident-phone' });
      const { client } = s.client(site);
      const up = await client.auth.signUp({ phone: '+1 555 010 2020', password: PASSWORD });
      expect(up.error).toBeNull();
      const user = up.data.user!;
      expect(user.identities).toEqual([
        expect.objectContaining({
          id: user.id,
          user_id: user.id,
          provider: 'phone',
          identity_data: { sub: user.id, phone: '15550102020', email_verified: false, phone_verified: true },
        }),
      ]);
      expect((await client.auth.getUser()).data.user?.identities?.map((i) => i.provider)).toEqual(['phone']);
    });

    it('with confirmation on, the identity is unverified until the code is', async () => {
      const { site } = await siteWithSettings('ident-confirm', { autoconfirm: false });
      const { client } = s.client(site);
      const before = s.smtp.messages.length;
      const up = await client.auth.signUp({ email: 'later@example.test', password: PASSWORD });
      expect(up.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: 'later@example.test', email_verified: false });
      const code = SmtpCapture.codeOf(await s.smtp.waitFor('later@example.test', before));
      const verified = await client.auth.verifyOtp({ email: 'later@example.test', token: code, type: 'signup' });
      expect(verified.error).toBeNull();
      expect(verified.data.user?.identities?.[0]?.identity_data).toMatchObject({ email_verified: true });
    });
  });

  describe('a repeated sign-up while addresses are confirmed', () => {
    it('answers exactly like a new sign-up, tells the owner of the address by mail and changes nothing', async () => {
      const { site } = await siteWithSettings('repeat', { autoconfirm: false });
      // A real account, confirmed.
      const owner = s.client(site).client;
      const before = s.smtp.messages.length;
      const first = await owner.auth.signUp({ email: 'taken@example.test', password: PASSWORD });
      const realId = first.data.user!.id;
      const code = SmtpCapture.codeOf(await s.smtp.waitFor('taken@example.test', before));
      expect((await owner.auth.verifyOtp({ email: 'taken@example.test', token: code, type: 'signup' })).error).toBeNull();

      // Someone probes the address, and a new address for comparison.
      const outboxBefore = await outboxCount(site, 'taken@example.test');
      const mailsBeforeProbe = s.smtp.messages.length;
      const probe = await s.client(site).client.auth.signUp({ email: 'taken@example.test', password: 'another-pass-77', options: { data: { plan: 'x' } } });
      const fresh = await s.client(site).client.auth.signUp({ email: 'fresh@example.test', password: 'another-pass-77', options: { data: { plan: 'x' } } });
      for (const answer of [probe, fresh]) {
        expect(answer.error).toBeNull();
        expect(answer.data.session).toBeNull();
      }
      const probed = probe.data.user!;
      const created = fresh.data.user!;
      expect(probed.id).toMatch(UUID);
      expect(probed.id).not.toBe(realId);
      expect(shapeOf(probed)).toEqual(shapeOf(created));
      expect(probed).toMatchObject({
        email: 'taken@example.test',
        role: 'authenticated',
        aud: 'authenticated',
        user_metadata: { plan: 'x' },
        app_metadata: { provider: 'email', providers: ['email'] },
      });
      expect(probed.email_confirmed_at).toBeUndefined();
      expect(probed.identities?.[0]).toMatchObject({ provider: 'email', id: probed.id, identity_data: { sub: probed.id, email_verified: false } });
      // The owner of the address is told they already have an account (through the outbox, as auth
      // mail), with the site's sign-in link and no code; their account is as it was.
      expect(await outboxCount(site, 'taken@example.test')).toBe(outboxBefore + 1);
      const [notice] = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
        db
          .selectFrom('mail_outbox')
          .select(['subject', 'text', 'html', 'type'])
          .where('to', '=', 'taken@example.test')
          .orderBy('created_at', 'desc')
          .limit(1)
          .execute(),
      );
      const signInLink = `${site.url}/login?email=taken%40example.test`;
      expect(notice).toMatchObject({ type: 'auth', subject: 'Account repeat: you already have an account' });
      expect(notice!.text).toContain(`Sign in here: ${signInLink}`);
      expect(notice!.html).toContain(`href="${signInLink}"`);
      expect(notice!.text).not.toMatch(/\d{6}/);
      const delivered = await s.smtp.waitFor('taken@example.test', mailsBeforeProbe);
      expect(delivered.raw).toContain('you already have an account');
      // A second probe within the minute answers the same and sends no second message.
      const probeAgain = await s.client(site).client.auth.signUp({ email: 'taken@example.test', password: 'another-pass-77' });
      expect(shapeOf(probeAgain.data.user!)).toEqual(shapeOf(created));
      expect(await outboxCount(site, 'taken@example.test')).toBe(outboxBefore + 1);
      expect((await s.client(site).client.auth.signInWithPassword({ email: 'taken@example.test', password: PASSWORD })).error).toBeNull();
      expect((await s.client(site).client.auth.signInWithPassword({ email: 'taken@example.test', password: 'another-pass-77' })).error?.code).toBe(
        'invalid_credentials',
      );

      // An address still waiting for confirmation answers the same way, even twice within a minute.
      const again = await s.client(site).client.auth.signUp({ email: 'fresh@example.test', password: 'another-pass-77' });
      expect(again.error).toBeNull();
      expect(again.data.user?.id).not.toBe(created.id);
      expect(shapeOf(again.data.user!)).toEqual(shapeOf(created));
    });

    it('tells the owner of a confirmed phone number by text message, with the same answer', async () => {
      const { site, owner } = await siteWithSettings('repeat-phone', { autoconfirm: true });
      expect((await s.client(site).client.auth.signUp({ phone: '+1 555 010 7070', password: PASSWORD })).error).toBeNull();
      expect((await s.t.request({ method: 'PUT', url: '/api/account/auth-settings', as: owner, payload: { autoconfirm: false } })).statusCode).toBe(200);
      const sms = s.t.kernel.sms as RecordingSmsProvider;
      const before = sms.sent.length;
      const probe = await s.client(site).client.auth.signUp({ phone: '+1 555 010 7070', password: 'another-pass-77' });
      expect(probe.error).toBeNull();
      expect(probe.data.session).toBeNull();
      expect(probe.data.user?.phone).toBe('15550107070');
      const sent = sms.sent.slice(before).filter((m) => m.to === '15550107070');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toContain('you already have an account');
      expect(sent[0]!.body).toContain(`${site.url}/login`);
      expect(sent[0]!.body).not.toMatch(/\d{6}/);
    });

    async function outboxCount(site: Site, to: string): Promise<number> {
      const rows = await s.t.kernel.inAccount(site.account.id, ({ db }) => db.selectFrom('mail_outbox').select('id').where('to', '=', to).execute());
      return rows.length;
    }
  });

  describe('the password policy', () => {
    it('by default: 8 characters, any kinds, no common or breached password', async () => {
      const site = await s.site({ slug: 'policy-default' });
      const { client } = s.client(site);
      const short = await client.auth.signUp({ email: 'p1@example.test', password: 'x7$kq' });
      expect(short.error).toBeInstanceOf(AuthWeakPasswordError);
      expect((short.error as AuthWeakPasswordError).reasons).toEqual(['length']);
      expect(short.error?.message).toBe('Password should be at least 8 characters.');
      const breached = await client.auth.signUp({ email: 'p2@example.test', password: 'sunshine1' });
      expect(breached.error).toBeInstanceOf(AuthWeakPasswordError);
      expect((breached.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
      expect(breached.error?.status).toBe(422);
      expect(breached.error?.code).toBe('weak_password');
      // No character kinds are required: a long phrase of lowercase words is fine.
      const phrase = await client.auth.signUp({ email: 'p3@example.test', password: 'just-lowercase-words' });
      expect(phrase.error).toBeNull();
    });

    it('per site: a stricter length and character rule, for sign-up and password change', async () => {
      const { site, owner } = await siteWithSettings('policy-strict', { passwordMinLength: 12, passwordRequiredCharacters: 'lower_upper_digits_symbols' });
      const { client } = s.client(site);
      const weak = await client.auth.signUp({ email: 'strict@example.test', password: 'correct-horse-42' });
      expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
      expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['characters']);
      expect(weak.error?.message).toContain(
        'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, ABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789,',
      );
      expect((await client.auth.signUp({ email: 'strict@example.test', password: 'Correct-42!' })).error).toBeInstanceOf(AuthWeakPasswordError);
      expect((await client.auth.signUp({ email: 'strict@example.test', password: 'Correct-Horse-42!' })).error).toBeNull();
      const change = await client.auth.updateUser({ password: 'no-capitals-here-42!' });
      expect((change.error as AuthWeakPasswordError).reasons).toEqual(['characters']);

      // The owner can also let common passwords through, and the settings say what they are.
      const relaxed = await s.t.request({
        method: 'PUT',
        url: '/api/account/auth-settings',
        as: owner,
        payload: { passwordMinLength: 8, passwordRequiredCharacters: 'none', passwordCheckCommon: false },
      });
      expect(relaxed.json()).toMatchObject({ passwordMinLength: 8, passwordRequiredCharacters: 'none', passwordCheckCommon: false });
      expect((await s.client(site).client.auth.signUp({ email: 'common@example.test', password: 'sunshine1' })).error).toBeNull();
      const bad = await s.t.request({
        method: 'PUT',
        url: '/api/account/auth-settings',
        as: owner,
        payload: { passwordMinLength: 3, passwordRequiredCharacters: 'emoji' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toBe('validation_failed');
    });
  });

  it('verifyOtp with a malformed phone number is 400 validation_failed', async () => {
    const site = await s.site({ slug: 'bad-phone' });
    const { client } = s.client(site);
    const answer = await client.auth.verifyOtp({ phone: 'call me maybe', token: '123456', type: 'sms' });
    expect(answer.error?.status).toBe(400);
    expect(answer.error?.code).toBe('validation_failed');
    const badEmail = await client.auth.verifyOtp({ email: 'not-an-address', token: '123456', type: 'email' });
    expect(badEmail.error?.code).toBe('validation_failed');
  });

  describe('changing the password', () => {
    it('ends the other sessions and keeps this one', async () => {
      const site = await s.site({ slug: 'pw-sessions' });
      const here = s.client(site);
      await here.client.auth.signUp({ email: 'mover@example.test', password: PASSWORD });
      const elsewhere = s.client(site);
      const other = await elsewhere.client.auth.signInWithPassword({ email: 'mover@example.test', password: PASSWORD });
      const changed = await here.client.auth.updateUser({ password: 'a-brand-new-pass-9' });
      expect(changed.error).toBeNull();
      expect((await rawUser(site, other.data.session!.access_token)).json().code).toBe('session_not_found');
      expect((await elsewhere.client.auth.refreshSession()).error).not.toBeNull();
      expect((await here.client.auth.refreshSession()).error).toBeNull();
      expect((await s.client(site).client.auth.signInWithPassword({ email: 'mover@example.test', password: 'a-brand-new-pass-9' })).error).toBeNull();
    });

    it('when the site asks for it, needs a recent sign-in or the reauthentication code', async () => {
      const { site } = await siteWithSettings('pw-secure', { securePasswordChange: true });
      const { client } = s.client(site);
      const up = await client.auth.signUp({ email: 'careful@example.test', password: PASSWORD });
      // Signed in just now: no code needed.
      expect((await client.auth.updateUser({ password: 'second-pass-word-2' })).error).toBeNull();

      // The session is older than a day: the change needs the code.
      const sessionId = sessionIdOf(up.data.session!.access_token);
      await s.t.kernel.inAccount(site.account.id, ({ db }) =>
        db
          .updateTable('auth_sessions')
          .set({ created_at: sql`now() - interval '25 hours'` })
          .where('id', '=', sessionId)
          .execute(),
      );
      const needed = await client.auth.updateUser({ password: 'third-pass-word-3' });
      expect(needed.error?.code).toBe('reauthentication_needed');
      expect(needed.error?.status).toBe(400);

      const before = s.smtp.messages.length;
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const mail = await s.smtp.waitFor('careful@example.test', before);
      const nonce = SmtpCapture.codeOf(mail);
      expect(mail.raw).not.toContain('/auth/v1/verify');
      const wrong = await client.auth.updateUser({ password: 'third-pass-word-3', nonce: nonce === '000000' ? '111111' : '000000' });
      expect(wrong.error?.code).toBe('reauthentication_not_valid');
      // The code cannot sign anyone in.
      expect((await s.client(site).client.auth.verifyOtp({ email: 'careful@example.test', token: nonce, type: 'email' })).error?.code).toBe('otp_expired');
      expect((await client.auth.updateUser({ password: 'third-pass-word-3', nonce })).error).toBeNull();
      expect((await client.auth.updateUser({ password: 'fourth-pass-word-4', nonce })).error?.code).toBe('reauthentication_not_valid');
      expect((await s.client(site).client.auth.signInWithPassword({ email: 'careful@example.test', password: 'third-pass-word-3' })).error).toBeNull();
    });

    it('a phone-only user gets the reauthentication code by text message', async () => {
      const { site } = await siteWithSettings('pw-phone', { securePasswordChange: true });
      const { client } = s.client(site);
      await client.auth.signUp({ phone: '+15550103030', password: PASSWORD });
      const sms = s.t.kernel.sms as RecordingSmsProvider;
      const before = sms.sent.length;
      expect((await client.auth.reauthenticate()).error).toBeNull();
      const message = sms.sent.slice(before).find((m) => m.to === '15550103030');
      expect(message?.body).toMatch(/\d{6}/);
    });
  });

  it('POST /api/site/signout with a bearer token ends that session', async () => {
    const site = await s.site({ slug: 'bearer-out' });
    const { client } = s.client(site);
    const { data } = await client.auth.signUp({ email: 'leaver@example.test', password: PASSWORD });
    const session = data.session!;
    const out = await s.t.app.inject({
      method: 'POST',
      url: '/api/site/signout',
      headers: { host: new URL(site.url).host, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: true });
    expect((await s.client(site).client.auth.refreshSession({ refresh_token: session.refresh_token })).error).not.toBeNull();
    const after = await rawUser(site, session.access_token);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('session_not_found');
  });

  describe('bounded metadata', () => {
    it('refuses sign-up data nested thousands of levels deep, and the address can still sign up', async () => {
      const site = await s.site({ slug: 'deep-signup' });
      const { client } = s.client(site);
      const deep = await client.auth.signUp({ email: 'deep@example.test', password: PASSWORD, options: { data: deeplyNested(3000) } });
      expect(deep.error?.status).toBe(400);
      expect(deep.error?.code).toBe('validation_failed');
      // Within what the server parses at all, user data has a bound of its own.
      const tooDeep = await client.auth.signUp({ email: 'deep@example.test', password: PASSWORD, options: { data: deeplyNested(12) } });
      expect(tooDeep.error?.message).toBe('data is nested deeper than 8 levels');
      expect(tooDeep.error?.status).toBe(400);
      const big = await client.auth.signUp({ email: 'deep@example.test', password: PASSWORD, options: { data: { bio: 'x'.repeat(20_000) } } });
      expect(big.error?.code).toBe('validation_failed');
      const fine = await client.auth.signUp({ email: 'deep@example.test', password: PASSWORD, options: { data: deeplyNested(7) } });
      expect(fine.error).toBeNull();
    });

    it('refuses deep user data on PUT /user, and the user can still sign in and refresh', async () => {
      const site = await s.site({ slug: 'deep-update' });
      const { client } = s.client(site);
      await client.auth.signUp({ email: 'nested@example.test', password: PASSWORD, options: { data: { name: 'N' } } });
      const deep = await client.auth.updateUser({ data: deeplyNested(3000) });
      expect(deep.error?.status).toBe(400);
      expect(deep.error?.code).toBe('validation_failed');
      expect((await client.auth.updateUser({ data: deeplyNested(12) })).error?.message).toBe('data is nested deeper than 8 levels');
      // Small updates cannot add up past the size bound either.
      expect((await client.auth.updateUser({ data: { a: 'x'.repeat(9000) } })).error).toBeNull();
      expect((await client.auth.updateUser({ data: { b: 'y'.repeat(9000) } })).error?.code).toBe('validation_failed');
      const refreshed = await client.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.session?.user.user_metadata).toMatchObject({ name: 'N' });
      const again = await s.client(site).client.auth.signInWithPassword({ email: 'nested@example.test', password: PASSWORD });
      expect(again.error).toBeNull();
      expect(again.data.session?.access_token).toBeTruthy();
    });
  });
});
