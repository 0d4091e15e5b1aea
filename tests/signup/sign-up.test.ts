import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingWire, SignupAnswerWire } from '@lectern/sdk/wire';
import type { TestAccount } from '@lectern/sdk/testing';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { resolveLocalhostSubdomains } from '../support/localhost-dns.js';

const PASSWORD = 'kiln-fired-Glaze-42';
const DAY_MS = 86_400_000;

interface Answer {
  status: number;
  body: SignupAnswerWire & { error?: string; message?: string; details?: unknown };
}

/**
 * POST /api/signup on the platform's site (issue 18): a person makes their own site on a plan's
 * trial, is e-mailed a welcome with a confirmation link, and arrives signed in on the new site
 * through a one-time hand-off that only that site accepts.
 */
describe('signing up for a site', () => {
  let s: AuthSite;
  let platform: TestAccount;

  beforeAll(async () => {
    resolveLocalhostSubdomains();
    s = await startAuthSite();
    platform = (await s.t.platform()).account;
  });
  afterAll(async () => {
    await s?.close();
  });

  const form = (overrides: Record<string, string> = {}) => ({
    site_name: 'Pottery Club',
    slug: 'pottery-club',
    owner_name: 'Maya Clay',
    email: 'maya@pottery.test',
    password: PASSWORD,
    plan: 'professional',
    language: 'fr',
    currency: 'EUR',
    ...overrides,
  });

  async function signUp(payload: Record<string, string>, account: TestAccount = platform): Promise<Answer> {
    const res = await s.t.request({ method: 'POST', url: '/api/signup', payload, account });
    return { status: res.statusCode, body: res.json() };
  }

  /** The new site as a browser reaches it: its own host on the listening server. */
  const siteUrl = (slug: string) => `http://${slug}.${s.t.config.platformDomain}:${s.port}`;
  const handoffOf = (answer: SignupAnswerWire) => new URLSearchParams(new URL(answer.dashboard_url).hash.slice(1)).get('handoff') ?? '';

  async function exchange(slug: string, handoff: string) {
    const site = await s.t.app.inject({ url: '/api/site/config', headers: { host: `${slug}.${s.t.config.platformDomain}:${s.port}` } });
    const anonKey = (site.json() as { anon_key: string }).anon_key;
    const res = await fetch(`${siteUrl(slug)}/auth/v1/token?grant_type=handoff`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ handoff_token: handoff }),
    });
    return { status: res.status, body: (await res.json()) as { access_token?: string; refresh_token?: string; error_code?: string }, anonKey };
  }

  let made: SignupAnswerWire;

  it('makes the site on the chosen plan, with its trial, language and currency, and the person as its owner', async () => {
    const { status, body } = await signUp(form());
    expect(status).toBe(201);
    made = body;
    expect(body.account).toMatchObject({ slug: 'pottery-club', name: 'Pottery Club', plan: 'professional' });
    expect(body.owner).toMatchObject({ email: 'maya@pottery.test', new_user: true });
    expect(body.address).toMatch(/^http:\/\/pottery-club\.localhost(:\d+)?$/);
    expect(body.dashboard_url).toMatch(/^http:\/\/pottery-club\.localhost(:\d+)?\/login#handoff=[0-9a-f]{64}$/);
    expect(body.confirmation_sent).toBe(true);
    // SPEC §9: 30 trial days.
    const trialDays = (Date.parse(body.account.trial_ends_at ?? '') - Date.now()) / DAY_MS;
    expect(trialDays).toBeGreaterThan(29.9);
    expect(trialDays).toBeLessThanOrEqual(30);

    const row = await s.t.kernel.withSystem('test: the new account', (db) =>
      db.selectFrom('accounts').select(['plan', 'settings', 'trial_ends_at']).where('slug', '=', 'pottery-club').executeTakeFirstOrThrow(),
    );
    expect(row.settings).toMatchObject({ defaultLanguage: 'fr', currency: 'EUR', sitetitle: 'Pottery Club' });
    expect(new Date(row.trial_ends_at as Date).toISOString()).toBe(body.account.trial_ends_at);
    const owner = await s.t.kernel.withSystem('test: the owner', (db) =>
      db
        .selectFrom('members as m')
        .innerJoin('roles as r', (j) => j.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['r.slug', 'm.name', 'u.encrypted_password', 'u.email_confirmed_at'])
        .where('m.account_id', '=', body.account.id)
        .execute(),
    );
    expect(owner).toHaveLength(1);
    expect(owner[0]).toMatchObject({ slug: 'owner', name: 'Maya Clay', email_confirmed_at: null });
    // The password is stored as an argon2 hash, never as given.
    expect(owner[0]!.encrypted_password).toMatch(/^\$argon2id\$/);
  });

  it('signs the owner in on the new site once with the hand-off, where the dashboard shows the trial', async () => {
    const handoff = handoffOf(made);
    const first = await exchange('pottery-club', handoff);
    expect(first.status).toBe(200);
    expect(first.body.access_token).toBeTruthy();
    // The session is the new site's: its dashboard answers the owner's billing with the trial.
    const billing = await fetch(`${siteUrl('pottery-club')}/api/account/billing`, { headers: { authorization: `Bearer ${first.body.access_token}` } });
    expect(billing.status).toBe(200);
    const answer = (await billing.json()) as BillingWire;
    expect(answer.plan.id).toBe('professional');
    expect(answer.trial).toMatchObject({ ends_at: made.account.trial_ends_at, days_left: 30 });
    // Once only.
    const again = await exchange('pottery-club', handoff);
    expect(again.status).toBe(403);
    expect(again.body.error_code).toBe('otp_expired');
  });

  it('hands off only to the new site: another site refuses its secret', async () => {
    const second = await signUp(form({ slug: 'glaze-lab', site_name: 'Glaze Lab', email: 'ines@glaze.test' }));
    expect(second.status).toBe(201);
    const elsewhere = await exchange('pottery-club', handoffOf(second.body));
    expect(elsewhere.status).toBe(403);
    // It still works where it belongs.
    expect((await exchange('glaze-lab', handoffOf(second.body))).status).toBe(200);
  });

  it('e-mails the owner a welcome whose link confirms the address, after which the password signs in', async () => {
    const mail = await s.smtp.waitFor('maya@pottery.test');
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(raw).toMatch(/^Subject: Your site Pottery Club is ready/m);
    expect(raw).toContain('Your plan: Professional, free to try until');
    const link = /(http:\/\/pottery-club\.localhost(?::\d+)?\/auth\/v1\/verify\?[^\s"<]+)/.exec(raw)?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!.replace(/&amp;/g, '&'));
    expect(url.searchParams.get('type')).toBe('signup');
    const client = s.client({ url: siteUrl('pottery-club'), anonKey: (await exchange('pottery-club', 'x')).anonKey }).client;
    // Before confirming, GoTrue's rule holds: an unconfirmed address cannot sign in with its password.
    expect((await client.auth.signInWithPassword({ email: 'maya@pottery.test', password: PASSWORD })).error?.code).toBe('email_not_confirmed');
    const followed = await fetch(`${siteUrl('pottery-club')}${url.pathname}${url.search}`, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    expect(followed.headers.get('location')).toMatch(/\/dashboard\/#access_token=/);
    const signedIn = await client.auth.signInWithPassword({ email: 'maya@pottery.test', password: PASSWORD });
    expect(signedIn.error).toBeNull();
  });

  it('refuses a taken, reserved or malformed address, and sends nothing for it', async () => {
    const before = s.smtp.messages.length;
    expect(await signUp(form({ email: 'other@pottery.test' }))).toMatchObject({ status: 409, body: { error: 'slug_taken' } });
    expect(await signUp(form({ slug: 'admin', email: 'other@pottery.test' }))).toMatchObject({ status: 400, body: { error: 'invalid_slug' } });
    expect(await signUp(form({ slug: 'Bad_Name', email: 'other@pottery.test' }))).toMatchObject({ status: 400, body: { error: 'invalid_slug' } });
    const users = await s.t.kernel.withSystem('test: users', (db) => db.selectFrom('users').select('id').where('email', '=', 'other@pottery.test').execute());
    expect(users).toEqual([]);
    expect(s.smtp.messages.slice(before).some((m) => m.to.includes('other@pottery.test'))).toBe(false);
  });

  it('refuses a disposable e-mail address, a bad one, a weak password and a filled-in honeypot', async () => {
    expect(await signUp(form({ slug: 'temp-site', email: 'someone@mailinator.com' }))).toMatchObject({ status: 400, body: { error: 'disposable_email' } });
    expect(await signUp(form({ slug: 'temp-site', email: 'not-an-address' }))).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
    const weak = await signUp(form({ slug: 'temp-site', email: 'weak@pottery.test', password: 'password' }));
    expect(weak).toMatchObject({ status: 422, body: { error: 'weak_password', details: { weak_password: { reasons: expect.arrayContaining(['pwned']) } } } });
    expect(await signUp(form({ slug: 'temp-site', email: 'bot@pottery.test', website: 'http://spam.test' }))).toMatchObject({
      status: 400,
      body: { error: 'validation_failed' },
    });
    expect(await signUp({ ...form({ slug: 'temp-site', email: 'x@pottery.test' }), plan: 'platinum' })).toMatchObject({
      status: 400,
      body: { error: 'validation_failed' },
    });
    const made = await s.t.kernel.withSystem('test: no temp site', (db) => db.selectFrom('accounts').select('id').where('slug', '=', 'temp-site').execute());
    expect(made).toEqual([]);
  });

  it('lets an address that already signs in claim a site only with its own password, which stays as it was', async () => {
    const wrong = await signUp(form({ slug: 'second-club', email: 'maya@pottery.test', password: 'another-Strong-pass-9' }));
    expect(wrong).toMatchObject({ status: 400, body: { error: 'invalid_credentials' } });
    const right = await signUp(form({ slug: 'second-club', site_name: 'Second Club', email: 'Maya@Pottery.test' }));
    expect(right.status).toBe(201);
    expect(right.body.owner).toMatchObject({ email: 'maya@pottery.test', new_user: false });
    expect(right.body.confirmation_sent).toBe(false);
    expect(right.body.owner.user_id).toBe(made.owner.user_id);
  });

  it('is answered only on the platform: a tenant site has no sign-up', async () => {
    const school = await s.t.createAccount({ slug: 'some-school' });
    expect((await signUp(form({ slug: 'from-tenant', email: 'tenant@pottery.test' }), school)).status).toBe(404);
  });

  it('counts wrong passwords at an existing address like sign-in guesses', async () => {
    const limited = await startAuthSite({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const root = (await limited.t.platform()).account;
      const attempt = (slug: string, password: string) =>
        limited.t.request({ method: 'POST', url: '/api/signup', account: root, payload: form({ slug, email: 'known@pottery.test', password }) });
      expect((await attempt('first-site', PASSWORD)).statusCode).toBe(201);
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) codes.push((await attempt(`guess-${i}`, `wrong-Guess-${i}x`)).statusCode);
      expect(codes.slice(0, 2)).toEqual([400, 400]);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
