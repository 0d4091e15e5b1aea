import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { SmtpCapture } from '../support/smtp-capture.js';

const PASSWORD = 'correct-horse-42';

describe('the real supabase-js against a tenant site', () => {
  let s: AuthSite;
  let site: Awaited<ReturnType<AuthSite['site']>>;

  beforeAll(async () => {
    s = await startAuthSite();
    site = await s.site({ slug: 'school' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('serves the browser configuration the client is created from', () => {
    expect(site.url).toBe(`http://school.localhost:${s.port}`);
    expect(site.anonKey.split('.')).toHaveLength(3);
  });

  it('signs up with email and password, and the user becomes a member with the default role', async () => {
    const { client, events } = s.client(site);
    const { data, error } = await client.auth.signUp({ email: 'ada@example.test', password: PASSWORD, options: { data: { full_name: 'Ada L' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.email).toBe('ada@example.test');
    expect(data.user?.user_metadata).toMatchObject({ full_name: 'Ada L' });
    expect(events).toContain('SIGNED_IN');
    const member = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .selectFrom('members as m')
        .innerJoin('roles as r', (j) => j.onRef('r.id', '=', 'm.role_id').onRef('r.account_id', '=', 'm.account_id'))
        .select(['m.name', 'r.slug'])
        .where('m.user_id', '=', data.user!.id)
        .executeTakeFirst(),
    );
    expect(member).toEqual({ name: 'Ada L', slug: 'student' });
  });

  it('stores the password as argon2id', async () => {
    const row = await s.t.kernel.withSystem('test: read a hash', (db) =>
      db.selectFrom('users').select('encrypted_password').where('email', '=', 'ada@example.test').executeTakeFirstOrThrow(),
    );
    expect(row.encrypted_password).toMatch(/^\$argon2id\$/);
  });

  it('goes through INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and SIGNED_OUT', async () => {
    const { client, events } = s.client(site);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signIn = await client.auth.signInWithPassword({ email: 'ada@example.test', password: PASSWORD });
    expect(signIn.error).toBeNull();
    const first = signIn.data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(first.refresh_token);
    const updated = await client.auth.updateUser({ data: { bio: 'Mathematician' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Ada L', bio: 'Mathematician' });
    const user = await client.auth.getUser();
    expect(user.data.user?.email).toBe('ada@example.test');
    const out = await client.auth.signOut();
    expect(out.error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED', 'USER_UPDATED', 'SIGNED_OUT']);
    // The signed-out session's tokens are dead on the server too.
    const again = await s.client(site).client.auth.refreshSession({ refresh_token: refreshed.data.session!.refresh_token });
    expect(again.error).not.toBeNull();
    const stale = await s.t.app.inject({
      url: '/auth/v1/user',
      headers: { host: `school.localhost:${s.port}`, authorization: `Bearer ${refreshed.data.session!.access_token}`, apikey: site.anonKey },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('session_not_found');
  });

  it('signs up and in with a phone number and password', async () => {
    const { client } = s.client(site);
    const up = await client.auth.signUp({ phone: '+15550001111', password: PASSWORD });
    expect(up.error).toBeNull();
    expect(up.data.user?.phone).toBe('15550001111');
    await client.auth.signOut();
    const second = s.client(site).client;
    const signIn = await second.auth.signInWithPassword({ phone: '+1 555 000 1111', password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.user.phone).toBe('15550001111');
  });

  it('answers wrong credentials, weak passwords and missing fields with the client’s own errors', async () => {
    const { client } = s.client(site);
    const wrong = await client.auth.signInWithPassword({ email: 'ada@example.test', password: 'not-the-password-1' });
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.code).toBe('invalid_credentials');
    const weak = await client.auth.signUp({ email: 'weak@example.test', password: 'short' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    // The default policy (DECISIONS.md): 8 characters, no required kinds, and not a common password.
    expect((weak.error as AuthWeakPasswordError).reasons).toEqual(['length', 'pwned']);
    const clientSide = await client.auth.signInWithPassword({ password: PASSWORD } as never);
    expect(clientSide.error?.message).toBe('You must provide either an email or phone number and a password');
    const serverSide = await client.auth.signInWithPassword({ email: '', password: '' });
    expect(serverSide.error?.message).toBe('You must provide either an email or phone number and a password');
    expect(serverSide.error?.status).toBe(400);
    const noSession = await client.auth.getUser();
    expect(noSession.error?.message).toBe('Auth session missing!');
    const taken = await client.auth.signUp({ email: 'ada@example.test', password: PASSWORD });
    expect(taken.error?.code).toBe('user_already_exists');
  });

  it('rejects a reused refresh token after the grace window and ends that session', async () => {
    const { client } = s.client(site);
    const { data } = await client.auth.signInWithPassword({ email: 'ada@example.test', password: PASSWORD });
    const original = data.session!.refresh_token;
    const rotated = await client.auth.refreshSession();
    expect(rotated.error).toBeNull();
    // Within the grace window a second tab presenting the same token still gets a session.
    const racer = await s.client(site).client.auth.refreshSession({ refresh_token: original });
    expect(racer.error).toBeNull();
    // Later, the same token is a replay: refused, and the whole session ends.
    const { session_id: sessionId } = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()) as { session_id: string };
    await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .updateTable('auth_refresh_tokens')
        .set({ updated_at: sql`now() - interval '1 minute'` })
        .where('session_id', '=', sessionId)
        .execute(),
    );
    const replay = await s.client(site).client.auth.refreshSession({ refresh_token: original });
    expect(replay.error?.code).toBe('refresh_token_already_used');
    const current = await client.auth.refreshSession();
    expect(current.error).not.toBeNull();
  });

  it('signs in with a one-time code sent by email', async () => {
    const { client, events } = s.client(site);
    const before = s.smtp.messages.length;
    const sent = await client.auth.signInWithOtp({ email: 'otp@example.test' });
    expect(sent.error).toBeNull();
    const mail = await s.smtp.waitFor('otp@example.test', before);
    const code = SmtpCapture.codeOf(mail);
    const verified = await client.auth.verifyOtp({ email: 'otp@example.test', token: code, type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('otp@example.test');
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
    const reused = await s.client(site).client.auth.verifyOtp({ email: 'otp@example.test', token: code, type: 'email' });
    expect(reused.error?.code).toBe('otp_expired');
  });

  it('recovers a password: the code signs in with PASSWORD_RECOVERY, then the password changes', async () => {
    const { client, events } = s.client(site);
    const before = s.smtp.messages.length;
    expect((await client.auth.resetPasswordForEmail('ada@example.test')).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail('nobody@example.test')).error).toBeNull();
    const code = SmtpCapture.codeOf(await s.smtp.waitFor('ada@example.test', before));
    const verified = await client.auth.verifyOtp({ email: 'ada@example.test', token: code, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect((await client.auth.updateUser({ password: 'a-new-secret-77' })).error).toBeNull();
    const fresh = s.client(site).client;
    expect((await fresh.auth.signInWithPassword({ email: 'ada@example.test', password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await fresh.auth.signInWithPassword({ email: 'ada@example.test', password: 'a-new-secret-77' })).error).toBeNull();
  });

  it('signs in anonymously', async () => {
    const { client, events } = s.client(site);
    const { data, error } = await client.auth.signInAnonymously();
    expect(error).toBeNull();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.session?.access_token).toBeTruthy();
    expect(events).toContain('SIGNED_IN');
  });

  it('keeps the session in a cookie the server reads on page loads', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      headers: { host: `school.localhost:${s.port}`, apikey: site.anonKey, 'content-type': 'application/json' },
      payload: { email: 'ada@example.test', password: 'a-new-secret-77' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lectern-access-token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.maxAge).toBeGreaterThan(360 * 24 * 3600);
    const page = await s.t.app.inject({
      url: '/auth/v1/user',
      headers: { host: `school.localhost:${s.port}`, cookie: `lectern-access-token=${cookie!.value}` },
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().email).toBe('ada@example.test');
  });

  it('a token from one site is no member session on another', async () => {
    const other = await s.site({ slug: 'other' });
    const { data } = await s.client(site).client.auth.signInWithPassword({ email: 'ada@example.test', password: 'a-new-secret-77' });
    const res = await s.t.app.inject({
      url: '/auth/v1/user',
      headers: { host: `other.localhost:${s.port}`, authorization: `Bearer ${data.session!.access_token}`, apikey: other.anonKey },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('bad_jwt');
    const api = await s.t.app.inject({
      url: '/api/account/addons',
      headers: { host: `other.localhost:${s.port}`, authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(api.statusCode).toBe(401);
  });

  it('answers CORS preflights for the client headers', async () => {
    const res = await s.t.app.inject({
      method: 'OPTIONS',
      url: '/auth/v1/token?grant_type=password',
      headers: {
        host: `school.localhost:${s.port}`,
        origin: 'http://app.example.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey,authorization,content-type,x-client-info,x-supabase-api-version',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-headers']).toContain('x-supabase-api-version');
  });
});
