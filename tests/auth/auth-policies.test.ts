import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import type { RecordingSmsProvider } from '@lectern/core';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { siteClient } from '../support/supabase-client.js';

const PASSWORD = 'correct-horse-42';

/** Lets staff keep several devices signed in even under single_session. */
const exemptStaff = definePlugin({
  manifest: { name: 'staff', version: '1.0.0', kernel: '^0.1.0' },
  register(ctx) {
    ctx.hooks.addFilter('auth.singleSessionExempt', async (value) => ({ ...value, exempt: value.exempt || value.userId === exemptUserId }));
  },
});
let exemptUserId = '';

describe('sign-in policies', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite({ plugins: [exemptStaff] });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('single session: signing in on a second device ends the first, which is told and signed out', async () => {
    const site = await s.site({ slug: 'solo', features: ['single_session'] });
    const first = s.client(site);
    expect((await first.client.auth.signUp({ email: 'solo@example.test', password: PASSWORD })).error).toBeNull();
    const firstToken = (await first.client.auth.getSession()).data.session!.access_token;
    const second = s.client(site);
    expect((await second.client.auth.signInWithPassword({ email: 'solo@example.test', password: PASSWORD })).error).toBeNull();

    const api = await s.t.app.inject({ url: '/api/site/config', headers: { host: `solo.localhost:${s.port}`, authorization: `Bearer ${firstToken}` } });
    expect(api.statusCode).toBe(401);
    expect(api.json()).toMatchObject({ error: 'single_session' });
    const raw = await s.t.app.inject({
      url: '/auth/v1/user',
      headers: { host: `solo.localhost:${s.port}`, authorization: `Bearer ${firstToken}`, apikey: site.anonKey },
    });
    expect(raw.statusCode).toBe(403);
    expect(raw.json()).toMatchObject({ code: 'session_not_found', message: 'errors.singleSession', reason: 'single_session' });
    // The client's next look at its user finds the session gone and signs out.
    const user = await first.client.auth.getUser();
    expect(user.error?.message).toBe('Auth session missing!');
    expect(first.events).toContain('SIGNED_OUT');
    expect((await first.client.auth.getSession()).data.session).toBeNull();
    // The second device is unaffected.
    expect((await second.client.auth.refreshSession()).error).toBeNull();
  });

  it('single session: the exemption hook keeps both devices', async () => {
    const site = await s.site({ slug: 'staffed', features: ['single_session'] });
    const first = s.client(site);
    const up = await first.client.auth.signUp({ email: 'staff@example.test', password: PASSWORD });
    exemptUserId = up.data.user!.id;
    await s.client(site).client.auth.signInWithPassword({ email: 'staff@example.test', password: PASSWORD });
    expect((await first.client.auth.refreshSession()).error).toBeNull();
  });

  it('without single_session, devices coexist', async () => {
    const site = await s.site({ slug: 'many' });
    const first = s.client(site);
    await first.client.auth.signUp({ email: 'many@example.test', password: PASSWORD });
    await s.client(site).client.auth.signInWithPassword({ email: 'many@example.test', password: PASSWORD });
    expect((await first.client.auth.refreshSession()).error).toBeNull();
  });

  it('signs out this device, the other devices, or all of them', async () => {
    const site = await s.site({ slug: 'scopes' });
    const signIn = async () => {
      const tab = s.client(site);
      const { data } = await tab.client.auth.signInWithPassword({ email: 'scopes@example.test', password: PASSWORD });
      return { tab, token: data.session!.access_token };
    };
    // Asks the server, with each device's own access token, whether its session is still open.
    const alive = async (device: { token: string }) =>
      (
        await s.t.app.inject({
          url: '/auth/v1/user',
          headers: { host: `scopes.localhost:${s.port}`, authorization: `Bearer ${device.token}`, apikey: site.anonKey },
        })
      ).statusCode === 200;
    await s.client(site).client.auth.signUp({ email: 'scopes@example.test', password: PASSWORD });
    const [a, b, c] = [await signIn(), await signIn(), await signIn()];
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([true, true, true]);

    expect((await b.tab.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await b.tab.client.auth.getSession()).data.session).not.toBeNull();
    expect([await alive(a), await alive(b), await alive(c)]).toEqual([false, true, false]);

    const d = await signIn();
    expect((await d.tab.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect([await alive(b), await alive(d)]).toEqual([true, false]);

    const e = await signIn();
    expect((await e.tab.client.auth.signOut()).error).toBeNull(); // global is the client's default
    expect([await alive(b), await alive(e)]).toEqual([false, false]);
  });

  it('removing a member signs them out of that site', async () => {
    const site = await s.site({ slug: 'removal' });
    const owner = await s.t.createMember(site.account, { role: 'owner' });
    const tab = s.client(site);
    const { data } = await tab.client.auth.signUp({ email: 'leaving@example.test', password: PASSWORD });
    const asUser = (token: string) =>
      s.t.app.inject({ url: '/auth/v1/user', headers: { host: `removal.localhost:${s.port}`, authorization: `Bearer ${token}`, apikey: site.anonKey } });
    expect((await asUser(data.session!.access_token)).statusCode).toBe(200);
    const removed = await s.t.request({ method: 'DELETE', url: `/api/account/members/${data.user!.id}`, as: owner });
    expect(removed.json()).toEqual({ status: true });
    const after = await asUser(data.session!.access_token);
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('session_not_found');
    expect((await tab.client.auth.refreshSession()).error).not.toBeNull();
  });

  it('with email confirmation on, sign-up returns a bare user until the emailed code is verified', async () => {
    const site = await s.site({ slug: 'confirm' });
    await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .insertInto('options')
        .values({ account_id: site.account.id, key: 'auth', value: JSON.stringify({ autoconfirm: false }) })
        .execute(),
    );
    await s.t.kernel.options.purge(site.account.id, 'auth');
    const { client, events } = s.client(site);
    const before = s.smtp.messages.length;
    const up = await client.auth.signUp({ email: 'confirm@example.test', password: PASSWORD });
    expect(up.error).toBeNull();
    expect(up.data.session).toBeNull();
    expect(up.data.user?.confirmation_sent_at).toBeTruthy();
    expect(events).not.toContain('SIGNED_IN');
    const early = await client.auth.signInWithPassword({ email: 'confirm@example.test', password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    const code = SmtpCapture.codeOf(await s.smtp.waitFor('confirm@example.test', before));
    const confirmed = await client.auth.verifyOtp({ email: 'confirm@example.test', token: code, type: 'signup' });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy();
    expect((await s.client(site).client.auth.signInWithPassword({ email: 'confirm@example.test', password: PASSWORD })).error).toBeNull();
  });

  it('signs in with a code sent by text message (development SMS provider)', async () => {
    const site = await s.site({ slug: 'texting' });
    const { client } = s.client(site);
    const sms = s.t.kernel.sms as RecordingSmsProvider;
    const before = sms.sent.length;
    expect((await client.auth.signInWithOtp({ phone: '+15557654321' })).error).toBeNull();
    const message = sms.sent.slice(before).find((m) => m.to === '15557654321');
    const code = /(\d{6})/.exec(message?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const verified = await client.auth.verifyOtp({ phone: '+15557654321', token: code!, type: 'sms' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.phone_confirmed_at).toBeTruthy();
  });

  it('asking for a second code within a minute is refused', async () => {
    const site = await s.site({ slug: 'spammy' });
    const { client } = s.client(site);
    expect((await client.auth.signInWithOtp({ email: 'spam@example.test' })).error).toBeNull();
    const again = await client.auth.signInWithOtp({ email: 'spam@example.test' });
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.status).toBe(429);
  });
});

describe('brute force', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite({ env: { AUTH_RATE_LIMIT: '5' } });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('guessing passwords gets 429 over_request_rate_limit', async () => {
    const site = await s.site({ slug: 'target' });
    const victim = siteClient(site.url, site.anonKey).client;
    await victim.auth.signUp({ email: 'victim@example.test', password: PASSWORD });
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < 8; i++) {
      const attempt = await siteClient(site.url, site.anonKey).client.auth.signInWithPassword({ email: 'victim@example.test', password: `guess-${i}-x` });
      codes.push(attempt.error?.code);
    }
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('invalid_credentials'));
    expect(codes.slice(-2)).toEqual(['over_request_rate_limit', 'over_request_rate_limit']);
    // Even the right password waits out the window: the limit is per client, not per guess quality.
    const right = await siteClient(site.url, site.anonKey).client.auth.signInWithPassword({ email: 'victim@example.test', password: PASSWORD });
    expect(right.error?.status).toBe(429);
  });
});
