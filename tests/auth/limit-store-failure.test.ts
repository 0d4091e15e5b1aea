import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';

const PASSWORD = 'correct-horse-42';

/**
 * The shared sign-in counters (the database's auth_rate_counters here) are only for the routes
 * that guess secrets. The frequent reads (user, settings, keys, refresh, sign-out) count in each
 * instance's memory, so they keep working when the shared store fails; a guess is refused with
 * 503 limits_unavailable (supabase-js: a retryable error), never a 500.
 */
describe('when the shared sign-in counters fail', () => {
  let s: AuthSite;
  beforeAll(async () => {
    s = await startAuthSite();
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Takes the counters' table away (as an unreachable store would be) for the duration of `work`. */
  async function withoutCounters(work: () => Promise<void>): Promise<void> {
    const owner = s.t.kernel.database.owner;
    await sql`ALTER TABLE auth_rate_counters RENAME TO auth_rate_counters_away`.execute(owner);
    try {
      await work();
    } finally {
      await sql`ALTER TABLE auth_rate_counters_away RENAME TO auth_rate_counters`.execute(owner);
    }
  }

  it('reads, refresh and sign-out go on; guesses at secrets answer 503 limits_unavailable with a retry time', async () => {
    const site = await s.site({ slug: 'store-down' });
    const host = new URL(site.url).host;
    const { client } = s.client(site);
    expect((await client.auth.signUp({ email: 'steady@example.test', password: PASSWORD })).error).toBeNull();
    const rowsBefore = await s.t.kernel.database.owner.selectFrom('auth_rate_counters').select('key').execute();

    await withoutCounters(async () => {
      expect((await client.auth.getUser()).error).toBeNull();
      const settings = await s.t.app.inject({ url: '/auth/v1/settings', headers: { host, apikey: site.anonKey } });
      expect(settings.statusCode).toBe(200);
      const keys = await s.t.app.inject({ url: '/auth/v1/.well-known/jwks.json', headers: { host } });
      expect(keys.statusCode).toBe(200);
      const refreshed = await client.auth.refreshSession();
      expect(refreshed.error).toBeNull();

      const signIn = await s.t.app.inject({
        method: 'POST',
        url: '/auth/v1/token?grant_type=password',
        headers: { host },
        payload: { email: 'steady@example.test', password: PASSWORD },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toMatchObject({ code: 'limits_unavailable', error_code: 'limits_unavailable' });
      expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
      const viaClient = await s.client(site).client.auth.signInWithPassword({ email: 'steady@example.test', password: PASSWORD });
      expect(viaClient.error?.status).toBe(503);
      expect(viaClient.error?.name).toBe('AuthRetryableFetchError');
      const verify = await s.client(site).client.auth.verifyOtp({ email: 'steady@example.test', token: '123456', type: 'email' });
      expect(verify.error?.status).toBe(503);
      const signUp = await s.client(site).client.auth.signUp({ email: 'later@example.test', password: PASSWORD });
      expect(signUp.error?.status).toBe(503);

      expect((await client.auth.signOut()).error).toBeNull();
    });

    // None of the reads were counted in the shared store, and with it back, sign-in works again.
    const rowsAfter = await s.t.kernel.database.owner.selectFrom('auth_rate_counters').select('key').execute();
    expect(rowsAfter.length).toBe(rowsBefore.length);
    expect((await s.client(site).client.auth.signInWithPassword({ email: 'steady@example.test', password: PASSWORD })).error).toBeNull();
  });

  it('the frequent reads do not touch the shared store at all', async () => {
    const site = await s.site({ slug: 'store-quiet' });
    const host = new URL(site.url).host;
    const { client } = s.client(site);
    expect((await client.auth.signUp({ email: 'quiet@example.test', password: PASSWORD })).error).toBeNull();
    const keysOf = async () =>
      (await s.t.kernel.database.owner.selectFrom('auth_rate_counters').select('key').where('key', 'like', `client:${site.account.id}:%`).execute())
        .map((r) => r.key as string)
        .sort();
    const before = await keysOf();
    for (let i = 0; i < 3; i++) {
      expect((await client.auth.getUser()).error).toBeNull();
      expect((await s.t.app.inject({ url: '/auth/v1/settings', headers: { host, apikey: site.anonKey } })).statusCode).toBe(200);
    }
    expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await client.auth.signOut()).error).toBeNull();
    expect(await keysOf()).toEqual(before);
    // A password sign-in is a guess: it is counted there.
    expect((await s.client(site).client.auth.signInWithPassword({ email: 'quiet@example.test', password: PASSWORD })).error).toBeNull();
    expect((await keysOf()).some((key) => key.endsWith(':/auth/v1/token'))).toBe(true);
  });
});
