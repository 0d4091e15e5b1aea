import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { onlineUsers, subscribe } from '../realtime/realtime-helpers.js';

const PASSWORD = 'correct-horse-42';

/** Regression tests for attacks found in review: each must stay impossible. */
describe('security regressions', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite({ env: { SUPERADMIN_EMAILS: 'boss@platform.test' } });
    await s.t.kernel.admin.createAccount({ slug: 'platform', name: 'Platform', plan: 'dedicated', isPlatform: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a forged Host header cannot steer the links in sign-in mail to another server', async () => {
    const site = await s.site({ slug: 'hosted' });
    await s.client(site).client.auth.signUp({ email: 'victim@example.test', password: PASSWORD });
    const before = s.smtp.messages.length;
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/auth/v1/recover',
      headers: { host: `hosted.localhost:1@evil.test`, 'content-type': 'application/json' },
      payload: { email: 'victim@example.test' },
    });
    expect(res.statusCode).toBe(200);
    const mail = (await s.smtp.waitFor('victim@example.test', before)).raw.replace(/=\r?\n/g, '');
    expect(mail).toContain('http://hosted.localhost/auth/v1/verify');
    expect(mail).not.toContain('evil.test');
  });

  it('an anonymous user cannot take a listed super-admin address without confirming it', async () => {
    const platform = {
      url: `http://localhost:${s.port}`,
      anonKey: (await s.t.app.inject({ url: '/api/site/config', headers: { host: `localhost:${s.port}` } })).json().anon_key as string,
    };
    const { client } = s.client(platform);
    expect((await client.auth.signInAnonymously()).error).toBeNull();
    const updated = await client.auth.updateUser({ email: 'boss@platform.test' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.email).toBe(''); // still unconfirmed: the address is not theirs yet
    const { data } = await client.auth.refreshSession();
    const jobs = await s.t.app.inject({
      url: '/api/platform/jobs',
      headers: { host: `localhost:${s.port}`, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(jobs.statusCode).toBe(403);
  });

  it('an anonymous visitor gets a session but no membership, so no capability', async () => {
    const site = await s.site({ slug: 'anon' });
    const { client } = s.client(site);
    const { data } = await client.auth.signInAnonymously();
    const me = await s.t.app.inject({
      url: '/api/account/me',
      headers: { host: `anon.localhost:${s.port}`, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(me.statusCode).toBe(403);
  });

  it('site owners see that sign-in mail went out, never the code in it', async () => {
    const site = await s.site({ slug: 'nosy' });
    const owner = await s.t.createMember(site.account, { role: 'owner' });
    await s.client(site).client.auth.signInWithOtp({ email: 'someone-else@example.test' });
    const deadline = Date.now() + 5000;
    let items: Array<{ text: string; html: string | null; type: string | null }> = [];
    while (Date.now() < deadline) {
      const res = await s.t.request({ url: '/api/emails/outbox', as: owner });
      items = (res.json() as { items: typeof items }).items;
      if (items.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'auth', text: '(sign-in code hidden)', html: null });
  });

  it('five wrong codes lock an address until a new code is sent', async () => {
    const site = await s.site({ slug: 'guessing' });
    const { client } = s.client(site);
    const before = s.smtp.messages.length;
    await client.auth.signInWithOtp({ email: 'guessed@example.test' });
    const code = SmtpCapture.codeOf(await s.smtp.waitFor('guessed@example.test', before));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await client.auth.verifyOtp({ email: 'guessed@example.test', token: wrong, type: 'email' })).error?.code).toBe('otp_expired');
    expect((await client.auth.verifyOtp({ email: 'guessed@example.test', token: code, type: 'email' })).error?.code).toBe('otp_expired');
  });

  it('anonymous sockets do not hear private channels, and nobody but the server sends notification events', async () => {
    const site = await s.site({ slug: 'rt' });
    const member = s.client(site);
    await member.client.auth.signUp({ email: 'rt@example.test', password: PASSWORD });
    const stranger = s.client(site);
    const overhear: string[] = [];
    const publicRoom = stranger.client.channel('staff-room').on('broadcast', { event: '*' }, (m) => void overhear.push(m.event));
    expect((await subscribe(publicRoom)).status).toBe('SUBSCRIBED');
    await member.client.realtime.setAuth();
    const privateRoom = member.client.channel('staff-room', { config: { private: true, broadcast: { ack: true } } });
    expect((await subscribe(privateRoom)).status).toBe('SUBSCRIBED');
    expect(await privateRoom.send({ type: 'broadcast', event: 'secret', payload: { x: 1 } })).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(overhear).toEqual([]);

    const listener = onlineUsers(member.client, 'listener');
    expect((await subscribe(listener.channel)).status).toBe('SUBSCRIBED');
    const spoofer = onlineUsers(stranger.client, 'spoofer', { ack: true });
    expect((await subscribe(spoofer.channel)).status).toBe('SUBSCRIBED');
    await spoofer.channel.send({ type: 'broadcast', event: 'notification', payload: { fake: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listener.messages.filter((m) => m.event === 'notification')).toEqual([]);
  });
});
