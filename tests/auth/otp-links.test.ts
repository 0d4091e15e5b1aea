import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';

/** Per-client requests per route and 5 minutes in this file's kernel. */
const LIMIT = 6;

type Site = Awaited<ReturnType<AuthSite['site']>>;

/**
 * Email links of one-time codes: the `token_hash` a link carries (and supabase-js sends back with
 * `verifyOtp({ token_hash, type })`) is a random secret, not GoTrue's sha256(address + code),
 * which anyone knowing the address could compute for all million codes; and guesses at it are
 * limited per client, an IPv6 client by its /64.
 */
describe('one-time code links', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Asks for a sign-in code by email with supabase-js; returns the code and the link's secret, as the mail carries them. */
  async function mailedCode(site: Site, email: string): Promise<{ code: string; link: URL; secret: string }> {
    const asked = await s.client(site).client.auth.signInWithOtp({ email });
    expect(asked.error).toBeNull();
    const rows = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('mail_outbox').select(['text', 'type']).where('to', '=', email).orderBy('created_at', 'desc').execute(),
    );
    const text = rows[0]!.text as string;
    expect(rows[0]!.type).toBe('auth');
    const code = /code is (\d{6})/.exec(text)![1]!;
    const link = new URL(/open this link: (\S+)/.exec(text)![1]!);
    return { code, link, secret: link.searchParams.get('token')! };
  }

  const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

  it('a token_hash computed from the address and the code is refused; the link from the mail signs in', async () => {
    const site = await s.site({ slug: 'links' });
    const email = 'victim@example.test';
    const { code, link, secret } = await mailedCode(site, email);
    // The link's secret is 32 random bytes, not derived from what an attacker knows.
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(sha256(`${email}${code}`));

    const computed = sha256(`${email}${code}`);
    const attacker = s.client(site).client;
    const refused = await attacker.auth.verifyOtp({ token_hash: computed, type: 'magiclink' });
    expect(refused.error?.code).toBe('otp_expired');
    expect(refused.data.session).toBeNull();
    // Through the link form as well: a redirect with the error, no session.
    const host = new URL(site.url).host;
    const followed = await s.t.app.inject({ url: `/auth/v1/verify?token=${computed}&type=magiclink`, headers: { host } });
    expect(followed.statusCode).toBe(303);
    expect(new URL(followed.headers.location as string).hash).toContain('error_code=otp_expired');

    // The victim's own link still works, the way supabase-js uses it.
    const victim = s.client(site).client;
    const verified = await victim.auth.verifyOtp({ token_hash: secret, type: link.searchParams.get('type') as 'magiclink' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    // Used once, it is spent.
    expect((await s.client(site).client.auth.verifyOtp({ token_hash: secret, type: 'magiclink' })).error?.code).toBe('otp_expired');
  });

  it('following the mailed link signs in through the redirect, and the code alone works too', async () => {
    const site = await s.site({ slug: 'links-follow' });
    const email = 'follower@example.test';
    const { code, link } = await mailedCode(site, email);
    // The mailed link is not derived from what an attacker knows.
    expect(link.searchParams.get('token')).not.toBe(sha256(`${email}${code}`));
    const host = new URL(site.url).host;
    const followed = await s.t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host } });
    expect(followed.statusCode).toBe(303);
    const fragment = new URLSearchParams(new URL(followed.headers.location as string).hash.slice(1));
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('magiclink');

    // A fresh code, verified with the address: the code itself never matches as a link secret.
    const fresh = await mailedCodeAfterInterval(site, email);
    expect((await s.client(site).client.auth.verifyOtp({ token_hash: fresh.code, type: 'magiclink' })).error?.code).toBe('otp_expired');
    const byCode = await s.client(site).client.auth.verifyOtp({ email, token: fresh.code, type: 'email' });
    expect(byCode.error).toBeNull();
  });

  /** One send per address a minute: a second code for the same address is made after moving the first one back in time. */
  async function mailedCodeAfterInterval(site: Site, email: string): Promise<{ code: string; link: URL; secret: string }> {
    await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .updateTable('auth_one_time_tokens')
        .set({ created_at: new Date(Date.now() - 120_000) })
        .where('relates_to', '=', email)
        .execute(),
    );
    return mailedCode(site, email);
  }

  it('wrong token_hash guesses are limited per client, and an IPv6 client is counted by its /64', async () => {
    const site = await s.site({ slug: 'links-guess' });
    const host = new URL(site.url).host;
    const guess = (remoteAddress: string, n: number) =>
      s.t.app.inject({
        method: 'POST',
        url: '/auth/v1/verify',
        headers: { host },
        remoteAddress,
        payload: { token_hash: sha256(`guess-${n}`), type: 'magiclink' },
      });

    // Each guess from a different address of one /64: they share one allowance.
    const answers: number[] = [];
    for (let i = 1; i <= LIMIT + 2; i++) answers.push((await guess(`2001:db8:5:6::${i.toString(16)}`, i)).statusCode);
    expect(answers).toEqual([...Array<number>(LIMIT).fill(403), 429, 429]);
    const limited = await guess('2001:db8:5:6:ffff:1:2:3', 99);
    expect(limited.json()).toMatchObject({ code: 'over_request_rate_limit' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // Another /64 has its own allowance; an IPv4 client, and the same one written as IPv4-mapped IPv6, share one.
    expect((await guess('2001:db8:5:7::1', 100)).statusCode).toBe(403);
    for (let i = 0; i < LIMIT; i++) expect((await guess(i % 2 === 0 ? '192.0.2.7' : '::ffff:192.0.2.7', 200 + i)).statusCode).toBe(403);
    expect((await guess('192.0.2.7', 300)).statusCode).toBe(429);
  });
});
