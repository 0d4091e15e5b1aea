import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import type { TestClient } from '../support/supabase-client.js';

const PASSWORD = 'correct-horse-42';

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
const codeOf = (secret: string) => totpOf(secret).generate();

/** A six-digit code the server must refuse: none of the codes its clock-skew window accepts. */
function wrongCodeOf(secret: string): string {
  const totp = totpOf(secret);
  const now = Date.now();
  const accepted = new Set([-1, 0, 1].map((step) => totp.generate({ timestamp: now + step * 30_000 })));
  let candidate = 123456;
  while (accepted.has(String(candidate).padStart(6, '0'))) candidate = (candidate + 1) % 1_000_000;
  return String(candidate).padStart(6, '0');
}

function claimsOf(accessToken: string): { aal: string; amr: Array<{ method: string }>; session_id: string } {
  return JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()) as { aal: string; amr: Array<{ method: string }>; session_id: string };
}

describe('MFA (TOTP) through the real supabase-js', () => {
  let s: AuthSite;
  let site: Awaited<ReturnType<AuthSite['site']>>;
  /** The enrolling user's first tab, and what enrollment handed out. */
  let ada: TestClient;
  let factorId: string;
  let secret: string;

  beforeAll(async () => {
    s = await startAuthSite();
    site = await s.site({ slug: 'mfa' });
    ada = s.client(site);
    const up = await ada.client.auth.signUp({ email: 'ada@mfa.test', password: PASSWORD });
    expect(up.error).toBeNull();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** A signed-in tab of a user (a fresh password sign-in: aal1). */
  async function signedIn(email: string): Promise<TestClient> {
    const tab = s.client(site);
    const { error } = await tab.client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    return tab;
  }

  it('enrolls a TOTP factor: a real QR code, the secret and its otpauth URI', async () => {
    const { data, error } = await ada.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('Phone app');
    // The client prefixes the server's raw SVG to make a data URL.
    expect(data!.totp.qr_code).toContain('<svg');
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data!.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(data!.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('mfa.localhost');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@mfa.test');
    factorId = data!.id;
    secret = data!.totp.secret;

    // Unverified: listed among all factors, not yet a usable TOTP factor.
    const listed = await ada.client.auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone app' })]);
    expect(listed.data!.totp).toEqual([]);

    // The secret stays in the kernel's global table.
    const row = await s.t.kernel.withSystem('test: read a factor', (db) =>
      db.selectFrom('auth_mfa_factors').select(['secret', 'status']).where('id', '=', factorId).executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ secret, status: 'unverified' });
  });

  it('refuses a second factor with the same friendly name, even while the first is unverified', async () => {
    const again = await ada.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(again.error?.code).toBe('mfa_factor_name_conflict');
    expect(again.error?.status).toBe(422);
  });

  it('challenges the factor and refuses a wrong code', async () => {
    const before = Math.floor(Date.now() / 1000);
    const challenge = await ada.client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp' });
    const expiresAt = (challenge.data as { expires_at: number }).expires_at;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 299);
    expect(expiresAt).toBeLessThanOrEqual(before + 302);

    const wrong = await ada.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrongCodeOf(secret) });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    expect(wrong.error?.status).toBe(422);
    expect(ada.events).not.toContain('MFA_CHALLENGE_VERIFIED');
    const session = (await ada.client.auth.getSession()).data.session!;
    expect(claimsOf(session.access_token).aal).toBe('aal1');
  });

  it('verifies the right code: the factor is verified and the session raised to aal2', async () => {
    const challenge = await ada.client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    const previous = (await ada.client.auth.getSession()).data.session!;
    const verified = await ada.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeOf(secret) });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((m) => m.method)).toEqual(['totp', 'password']);
    // The same session, raised: not a new one.
    expect(claims.session_id).toBe(claimsOf(previous.access_token).session_id);
    expect(verified.data!.refresh_token).not.toBe(previous.refresh_token);
    expect(ada.events).toContain('MFA_CHALLENGE_VERIFIED');

    const stored = (await ada.client.auth.getSession()).data.session!;
    expect(stored.access_token).toBe(verified.data!.access_token);
    const level = await ada.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.error).toBeNull();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(level.data!.currentAuthenticationMethods.map((m) => (typeof m === 'string' ? m : m.method))).toContain('totp');

    const listed = await ada.client.auth.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data!.totp).toEqual([expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'verified', friendly_name: 'Phone app' })]);

    // A refresh keeps the level.
    const refreshed = await ada.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');

    // A challenge answers once.
    const replay = await ada.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeOf(secret) });
    expect(replay.error?.code).toBe('mfa_challenge_expired');
  });

  it('refuses a challenge answered after five minutes', async () => {
    const challenge = await ada.client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    await s.t.kernel.withSystem('test: age a challenge', (db) =>
      db
        .updateTable('auth_mfa_challenges')
        .set({ created_at: sql`now() - interval '301 seconds'` })
        .where('id', '=', challenge.data!.id)
        .execute(),
    );
    const late = await ada.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeOf(secret) });
    expect(late.error?.code).toBe('mfa_challenge_expired');
    expect(late.error?.status).toBe(422);
  });

  it('signs in at aal1 with aal2 as the next level; challengeAndVerify raises it', async () => {
    const tab = await signedIn('ada@mfa.test');
    const session = (await tab.client.auth.getSession()).data.session!;
    expect(claimsOf(session.access_token).aal).toBe('aal1');
    const level = await tab.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(session.user.factors).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);

    // With a verified factor, enrolling another needs aal2.
    const enroll = await tab.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Second' });
    expect(enroll.error?.code).toBe('insufficient_aal');
    expect(enroll.error?.status).toBe(403);

    const wrong = await tab.client.auth.mfa.challengeAndVerify({ factorId, code: wrongCodeOf(secret) });
    expect(wrong.error?.code).toBe('mfa_verification_failed');
    const raised = await tab.client.auth.mfa.challengeAndVerify({ factorId, code: codeOf(secret) });
    expect(raised.error).toBeNull();
    expect(claimsOf(raised.data!.access_token).aal).toBe('aal2');
    expect(tab.events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'MFA_CHALLENGE_VERIFIED']);
    expect((await tab.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
  });

  it('keeps another user away from my factor', async () => {
    const mallory = s.client(site);
    expect((await mallory.client.auth.signUp({ email: 'mallory@mfa.test', password: PASSWORD })).error).toBeNull();
    const challenge = await mallory.client.auth.mfa.challenge({ factorId });
    expect(challenge.error?.code).toBe('mfa_factor_not_found');
    expect(challenge.error?.status).toBe(404);
    const verify = await mallory.client.auth.mfa.verify({ factorId, challengeId: factorId, code: codeOf(secret) });
    expect(verify.error?.code).toBe('mfa_factor_not_found');
    expect(verify.error?.status).toBe(404);
    const unenroll = await mallory.client.auth.mfa.unenroll({ factorId });
    expect(unenroll.error?.code).toBe('mfa_factor_not_found');
    const notAnId = await mallory.client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
    expect(notAnId.error?.code).toBe('mfa_factor_not_found');
    // A challenge of my own factor does not answer for someone else's.
    const own = await mallory.client.auth.mfa.enroll({ factorType: 'totp' });
    expect(own.error).toBeNull();
    const ownChallenge = await mallory.client.auth.mfa.challenge({ factorId: own.data!.id });
    const crossed = await ada.client.auth.mfa.verify({ factorId, challengeId: ownChallenge.data!.id, code: codeOf(secret) });
    expect(crossed.error?.code).toBe('mfa_factor_not_found');
    expect(crossed.error?.status).toBe(422);
  });

  it('answers in GoTrue’s error shape, and refuses enrollment without a session', async () => {
    const tab = await signedIn('ada@mfa.test');
    const token = (await tab.client.auth.getSession()).data.session!.access_token;
    const headers = { host: `mfa.localhost:${s.port}`, apikey: site.anonKey, 'x-supabase-api-version': '2024-01-01' };
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${factorId}/challenge`,
      headers: { ...headers, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
    const wrong = await s.t.app.inject({
      method: 'POST',
      url: `/auth/v1/factors/${factorId}/verify`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload: { challenge_id: res.json().id, code: wrongCodeOf(secret) },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.headers['x-supabase-api-version']).toBe('2024-01-01');
    expect(wrong.json()).toMatchObject({ code: 'mfa_verification_failed', error_code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: '/auth/v1/factors',
      headers: { ...headers, authorization: `Bearer ${site.anonKey}` },
      payload: { factor_type: 'totp' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('no_authorization');
    const phone = await tab.client.auth.mfa.enroll({ factorType: 'phone', phone: '+15550001111' });
    expect(phone.error?.status).toBe(422);
  });

  it('unenrolls a verified factor only from an aal2 session', async () => {
    const tab = await signedIn('ada@mfa.test');
    const refused = await tab.client.auth.mfa.unenroll({ factorId });
    expect(refused.error?.code).toBe('insufficient_aal');
    expect(refused.error?.status).toBe(422);
    expect((await tab.client.auth.mfa.listFactors()).data!.totp).toHaveLength(1);

    // ada's first tab is at aal2.
    const done = await ada.client.auth.mfa.unenroll({ factorId });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: factorId });
    const listed = await ada.client.auth.mfa.listFactors();
    expect(listed.data!.all).toEqual([]);
    // The aal2 session goes on.
    const user = await ada.client.auth.getUser();
    expect(user.error).toBeNull();
    expect(user.data.user!.factors ?? []).toEqual([]);
    const level = await tab.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1' });

    // No verified factor left: an aal1 session may enroll again, and drop an unverified factor.
    const fresh = await tab.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(fresh.error).toBeNull();
    const dropped = await tab.client.auth.mfa.unenroll({ factorId: fresh.data!.id });
    expect(dropped.error).toBeNull();
    expect((await tab.client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });
});
