import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { resolveLocalhostSubdomains } from '../support/localhost-dns.js';
import { TestBrowser } from '../support/oidc-browser.js';
import { DEFAULT_PERSON, startOidcIssuer, type TestIssuer } from '../support/oidc-issuer.js';

const SSO_PERSON = { sub: 'sso-user-0001', email: 'sam@example.test', email_verified: true, name: 'Sam SSO' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('OAuth and SSO sign-in through a real OpenID provider, with the real supabase-js', () => {
  let s: AuthSite;
  let site: Awaited<ReturnType<AuthSite['site']>>;
  let idp: TestIssuer;
  let kimId: string;
  let ssoUserId = '';

  /** The app page the flows return to; the browser stops there. */
  const welcome = () => `${site.url}/welcome`;
  const atApp = (url: URL) => !url.pathname.startsWith('/auth/v1/') && url.origin !== idp.issuer;
  const inject = (input: { method?: 'GET' | 'POST'; url: string; payload?: object }) =>
    s.t.app.inject({
      method: input.method ?? 'GET',
      url: input.url,
      headers: { host: `school.localhost:${s.port}`, apikey: site.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      ...(input.payload === undefined ? {} : { payload: input.payload }),
    });
  const flowStates = () =>
    s.t.kernel.inAccount(site.account.id, ({ db }) => db.selectFrom('auth_flow_states').select(['id', 'flow', 'auth_code', 'session_tokens']).execute());

  /** Runs signInWithOAuth in a PKCE client and brings the browser back with the code. */
  async function pkceCode(browser = new TestBrowser()) {
    const tab = s.client(site, { flowType: 'pkce' });
    const { data, error } = await tab.client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: welcome(), skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const arrived = await browser.navigate(data.url!, atApp);
    const code = arrived.url.searchParams.get('code');
    expect(code).toMatch(UUID);
    return { tab, code: code!, arrived };
  }

  beforeAll(async () => {
    resolveLocalhostSubdomains();
    // The provider runs on loopback, which the outbound guard refuses unless allowed: this kernel
    // allows 127.0.0.1 (any port, since the provider's is known only once it listens).
    s = await startAuthSite({ env: { OUTBOUND_ALLOW: '127.0.0.1' } });
    site = await s.site({ slug: 'school' });
    idp = await startOidcIssuer({ redirectUris: [`http://school.localhost:${s.port}/auth/v1/callback`] });
    const common = { account_id: site.account.id, issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret };
    await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .insertInto('auth_providers')
        .values([
          { ...common, id: 'keycloak', kind: 'oauth' },
          { ...common, id: 'acme', kind: 'sso', domains: JSON.stringify(['example.test']) },
          { ...common, id: 'gitlab', kind: 'oauth', enabled: false },
        ])
        .execute(),
    );
  });
  afterAll(async () => {
    await idp?.close();
    await s?.close();
  });

  it('saves a provider only when its issuer passes the outbound guard (the allow-listed loopback one does)', async () => {
    const owner = await s.t.createMember(site.account, { role: 'owner' });
    const put = (issuer: string) =>
      s.t.request({ method: 'PUT', url: '/api/account/auth-providers/probe', as: owner, payload: { kind: 'oauth', issuer, client_id: 'x' } });
    for (const refused of [
      'http://[::1]:8080',
      'http://169.254.169.254/latest',
      'http://10.0.0.1',
      'http://0.0.0.0:22',
      'http://[::ffff:a00:1]',
      'http://localhost:5432',
    ]) {
      const res = await put(refused);
      expect(res.statusCode, refused).toBe(400);
      expect(res.json(), refused).toMatchObject({ error: 'address_not_allowed' });
    }
    const allowed = await put(idp.issuer);
    expect(allowed.statusCode, allowed.body).toBe(200);
    await s.t.request({ method: 'DELETE', url: '/api/account/auth-providers/probe', as: owner });
  });

  it('lists the enabled OAuth providers in GET /settings', async () => {
    const res = await inject({ url: '/auth/v1/settings' });
    expect(res.statusCode).toBe(200);
    const external = res.json().external as Record<string, boolean>;
    expect(external.keycloak).toBe(true);
    expect(external.gitlab).toBeUndefined();
    expect(external.acme).toBeUndefined();
  });

  it('signs in with PKCE: authorize, the provider, the callback, then exchangeCodeForSession', async () => {
    const logins = idp.logins;
    const { tab, code, arrived } = await pkceCode();
    // The browser really went through the provider's login and back through the kernel.
    expect(idp.logins).toBe(logins + 1);
    expect(arrived.hops.some((u) => u.origin === idp.issuer && u.pathname === '/auth')).toBe(true);
    expect(arrived.hops.some((u) => u.pathname === '/auth/v1/callback')).toBe(true);
    expect(`${arrived.url.origin}${arrived.url.pathname}`).toBe(welcome());
    expect(arrived.url.hash).toBe('');

    const { data, error } = await tab.client.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(tab.events).toContain('SIGNED_IN');
    const user = data.user!;
    kimId = user.id;
    expect(user.email).toBe(DEFAULT_PERSON.email);
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.app_metadata).toMatchObject({ provider: 'keycloak', providers: ['keycloak'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Kim Keycloak', email: DEFAULT_PERSON.email, sub: DEFAULT_PERSON.sub, iss: idp.issuer });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({ provider: 'keycloak', id: DEFAULT_PERSON.sub, user_id: user.id });
    expect(data.session?.provider_token).toBeTruthy();
    // The access token names the provider in its amr.
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()) as {
      amr: Array<{ method: string; provider?: string }>;
    };
    expect(claims.amr[0]).toMatchObject({ method: 'oauth', provider: 'keycloak' });
    // The session works, and the person joined the site.
    const me = await tab.client.auth.getUser();
    expect(me.data.user?.id).toBe(user.id);
    const member = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('members').select(['name', 'email']).where('user_id', '=', user.id).executeTakeFirst(),
    );
    expect(member).toEqual({ name: 'Kim Keycloak', email: DEFAULT_PERSON.email });
    // The session was handed out once: the flow state and the tokens in it are gone.
    expect((await flowStates()).filter((f) => f.auth_code === code)).toHaveLength(0);
    const again = await inject({ method: 'POST', url: '/auth/v1/token?grant_type=pkce', payload: { auth_code: code, code_verifier: 'a'.repeat(64) } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('flow_state_not_found');
  });

  it('signs in with the implicit flow: the tokens arrive in the fragment and work', async () => {
    const tab = s.client(site);
    const { data } = await tab.client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: welcome(), skipBrowserRedirect: true } });
    expect(new URL(data.url!).searchParams.get('code_challenge')).toBeNull();
    const arrived = await new TestBrowser().navigate(data.url!, atApp);
    expect(`${arrived.url.origin}${arrived.url.pathname}`).toBe(welcome());
    const fragment = new URLSearchParams(arrived.url.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(90);
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    expect(fragment.get('provider_token')).toBeTruthy();
    const set = await tab.client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const me = await tab.client.auth.getUser();
    expect(me.error).toBeNull();
    // The same person signing in again is the same user, with the one identity.
    expect(me.data.user?.id).toBe(kimId);
    expect(me.data.user?.identities).toHaveLength(1);
    // The refresh token is a real one.
    const refreshed = await tab.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    // Implicit flows leave nothing behind.
    expect(await flowStates()).toHaveLength(0);
  });

  it('a browser with a provider session signs in again without a second login, as the same user', async () => {
    const browser = new TestBrowser();
    const first = await pkceCode(browser);
    expect((await first.tab.client.auth.exchangeCodeForSession(first.code)).data.user?.id).toBe(kimId);
    const logins = idp.logins;
    const second = await pkceCode(browser);
    expect(idp.logins).toBe(logins);
    const { data } = await second.tab.client.auth.exchangeCodeForSession(second.code);
    expect(data.user?.id).toBe(kimId);
  });

  it('refuses a wrong code_verifier with bad_code_verifier and keeps the code for the right one', async () => {
    const { tab, code } = await pkceCode();
    const wrong = await inject({ method: 'POST', url: '/auth/v1/token?grant_type=pkce', payload: { auth_code: code, code_verifier: 'b'.repeat(112) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'bad_code_verifier', error_code: 'bad_code_verifier' });
    const right = await tab.client.auth.exchangeCodeForSession(code);
    expect(right.error).toBeNull();
    expect(right.data.user?.id).toBe(kimId);
  });

  it('hands the session out once even to two exchanges at the same moment', async () => {
    const { tab, code } = await pkceCode();
    const auth = tab.client.auth as unknown as { storageKey: string; storage: { getItem(key: string): string | null } };
    // supabase-js keeps the verifier JSON-encoded in its storage.
    const verifier = (JSON.parse(auth.storage.getItem(`${auth.storageKey}-code-verifier`)!) as string).split('/')[0]!;
    const exchange = () => inject({ method: 'POST', url: '/auth/v1/token?grant_type=pkce', payload: { auth_code: code, code_verifier: verifier } });
    const answers = await Promise.all([exchange(), exchange()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const won = answers.find((a) => a.statusCode === 200)!.json() as { access_token: string; user: { id: string } };
    expect(won.user.id).toBe(kimId);
    expect(won.access_token.split('.')).toHaveLength(3);
  });

  it('answers POST /sso without skip_http_redirect with a redirect to the provider', async () => {
    const res = await inject({ method: 'POST', url: '/auth/v1/sso', payload: { domain: 'example.test' } });
    expect(res.statusCode).toBe(303);
    expect(new URL(res.headers.location as string).origin).toBe(idp.issuer);
    const bad = await inject({
      method: 'POST',
      url: '/auth/v1/sso',
      payload: { domain: 'example.test', code_challenge: 'short', code_challenge_method: 's256' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('validation_failed');
    const neither = await inject({ method: 'POST', url: '/auth/v1/sso', payload: {} });
    expect(neither.json().code).toBe('validation_failed');
  });

  it('refuses an expired code with flow_state_expired and drops the stored session', async () => {
    const { tab, code } = await pkceCode();
    await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db
        .updateTable('auth_flow_states')
        .set({ created_at: sql`now() - interval '11 minutes'` })
        .where('auth_code', '=', code)
        .execute(),
    );
    const late = await tab.client.auth.exchangeCodeForSession(code);
    expect(late.error?.code).toBe('flow_state_expired');
    expect(late.error?.status).toBe(422);
    expect((await flowStates()).filter((f) => f.auth_code === code)).toHaveLength(0);
  });

  it('answers an unknown or disabled provider with provider_disabled', async () => {
    for (const provider of ['github', 'gitlab']) {
      const { data } = await s
        .client(site)
        .client.auth.signInWithOAuth({ provider: provider as 'github', options: { redirectTo: welcome(), skipBrowserRedirect: true } });
      // A browser navigating there is sent back to the site with the error in the fragment…
      const res = await fetch(data.url!, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(welcome());
      const fragment = new URLSearchParams(back.hash.slice(1));
      expect(fragment.get('error_code')).toBe('provider_disabled');
      expect(fragment.get('error')).toBe('invalid_request');
      // …and a caller asking for the URL as JSON gets GoTrue's error.
      const json = await inject({ url: `/auth/v1/authorize?provider=${provider}&skip_http_redirect=true` });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ code: 'provider_disabled', error_code: 'provider_disabled' });
    }
    // An SSO provider is not an OAuth provider.
    const sso = await inject({ url: '/auth/v1/authorize?provider=acme&skip_http_redirect=true' });
    expect(sso.json().code).toBe('provider_disabled');
  });

  it('answers skip_http_redirect=true with the provider URL', async () => {
    const res = await inject({ url: `/auth/v1/authorize?provider=keycloak&skip_http_redirect=true&redirect_to=${encodeURIComponent(welcome())}` });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url as string);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${site.url}/auth/v1/callback`);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('state')).toMatch(UUID);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
  });

  it('starts SSO for an email domain and signs in through the shared callback', async () => {
    idp.person = SSO_PERSON;
    try {
      const tab = s.client(site);
      const { data, error } = await tab.client.auth.signInWithSSO({ domain: 'Example.TEST', options: { redirectTo: welcome() } });
      expect(error).toBeNull();
      const url = new URL(data!.url);
      expect(url.origin).toBe(idp.issuer);
      expect(url.searchParams.get('redirect_uri')).toBe(`${site.url}/auth/v1/callback`);
      const arrived = await new TestBrowser().navigate(data!.url, atApp);
      const fragment = new URLSearchParams(arrived.url.hash.slice(1));
      expect(fragment.get('access_token')).toBeTruthy();
      await tab.client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
      const me = await tab.client.auth.getUser();
      expect(me.data.user?.email).toBe(SSO_PERSON.email);
      expect(me.data.user?.identities?.map((i) => i.provider)).toEqual(['acme']);
      ssoUserId = me.data.user!.id;
    } finally {
      idp.person = { ...DEFAULT_PERSON };
    }
  });

  it('starts SSO with PKCE by provider id, and the same person comes back as the same user', async () => {
    idp.person = SSO_PERSON;
    try {
      const tab = s.client(site, { flowType: 'pkce' });
      const { data, error } = await tab.client.auth.signInWithSSO({ providerId: 'acme', options: { redirectTo: welcome() } });
      expect(error).toBeNull();
      const arrived = await new TestBrowser().navigate(data!.url, atApp);
      const code = arrived.url.searchParams.get('code')!;
      const exchanged = await tab.client.auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      expect(exchanged.data.user?.id).toBe(ssoUserId);
    } finally {
      idp.person = { ...DEFAULT_PERSON };
    }
  });

  it('SSO for a person who already has an account by that email is refused (no takeover)', async () => {
    const tab = s.client(site);
    const { data } = await tab.client.auth.signInWithSSO({ domain: 'example.test', options: { redirectTo: welcome() } });
    const arrived = await new TestBrowser().navigate(data!.url, atApp);
    const fragment = new URLSearchParams(arrived.url.hash.slice(1));
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('email_exists');
  });

  it('answers an unknown SSO domain with sso_provider_not_found', async () => {
    const { error } = await s.client(site).client.auth.signInWithSSO({ domain: 'unknown.test' });
    expect(error?.code).toBe('sso_provider_not_found');
    expect(error?.status).toBe(404);
  });

  it('sends a redirect_to on a foreign host back to the site instead', async () => {
    const tab = s.client(site);
    const { data } = await tab.client.auth.signInWithOAuth({
      provider: 'keycloak',
      options: { redirectTo: 'https://evil.example/steal', skipBrowserRedirect: true },
    });
    const arrived = await new TestBrowser().navigate(data.url!, atApp);
    expect(arrived.url.origin).toBe(site.url);
    expect(arrived.url.pathname).toBe('/');
    expect(new URLSearchParams(arrived.url.hash.slice(1)).get('access_token')).toBeTruthy();
  });

  it('brings the browser back with the error when the provider refuses or the state is unknown', async () => {
    const started = await inject({ url: `/auth/v1/authorize?provider=keycloak&skip_http_redirect=true&redirect_to=${encodeURIComponent(welcome())}` });
    const state = new URL(started.json().url as string).searchParams.get('state')!;
    const denied = await inject({ url: `/auth/v1/callback?state=${state}&error=access_denied&error_description=${encodeURIComponent('User said no')}` });
    expect(denied.statusCode).toBe(302);
    const back = new URL(denied.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(welcome());
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_description')).toBe('User said no');
    // The flow is spent.
    const replay = await inject({ url: `/auth/v1/callback?state=${state}&code=whatever` });
    expect(replay.statusCode).toBe(302);
    const replayBack = new URL(replay.headers.location as string);
    expect(replayBack.origin).toBe(site.url);
    expect(new URLSearchParams(replayBack.hash.slice(1)).get('error_code')).toBe('flow_state_not_found');
    const noState = await inject({ url: '/auth/v1/callback?code=whatever' });
    expect(new URLSearchParams(new URL(noState.headers.location as string).hash.slice(1)).get('error_code')).toBe('bad_oauth_state');
  });

  it('a code the provider never issued fails at the exchange, and the error goes back to the app', async () => {
    const started = await inject({ url: `/auth/v1/authorize?provider=keycloak&skip_http_redirect=true&redirect_to=${encodeURIComponent(welcome())}` });
    const state = new URL(started.json().url as string).searchParams.get('state')!;
    const res = await inject({ url: `/auth/v1/callback?state=${state}&code=forged-code&iss=${encodeURIComponent(idp.issuer)}` });
    expect(res.statusCode).toBe(302);
    const fragment = new URLSearchParams(new URL(res.headers.location as string).hash.slice(1));
    expect(fragment.get('error_code')).toBe('bad_oauth_callback');
    expect((await flowStates()).filter((f) => f.id === state)).toHaveLength(0);
  });

  it('never takes over an existing user by email, even one the provider says it verified', async () => {
    const { data: signedUp } = await s.client(site).client.auth.signUp({ email: 'lin@example.test', password: 'correct-horse-42' });
    expect(signedUp.user).toBeTruthy();
    idp.person = { sub: 'kc-user-0002', email: 'Lin@Example.test', email_verified: true, name: 'Lin' };
    try {
      const tab = s.client(site);
      const { data } = await tab.client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: welcome(), skipBrowserRedirect: true } });
      const arrived = await new TestBrowser().navigate(data.url!, atApp);
      const fragment = new URLSearchParams(arrived.url.hash.slice(1));
      expect(fragment.get('access_token')).toBeNull();
      expect(fragment.get('error_code')).toBe('email_exists');
      // The existing account is untouched: its password still works.
      const password = await s.client(site).client.auth.signInWithPassword({ email: 'lin@example.test', password: 'correct-horse-42' });
      expect(password.error).toBeNull();
      // No provider identity was linked (the email identity GoTrue lists for email users is fine).
      expect((password.data.user?.identities ?? []).filter((identity) => identity.provider !== 'email')).toEqual([]);
    } finally {
      idp.person = { ...DEFAULT_PERSON };
    }
  });

  it('does not link on an email the provider did not verify', async () => {
    idp.person = { sub: 'kc-user-0003', email: 'lin@example.test', email_verified: false, name: 'Not Lin' };
    try {
      const tab = s.client(site);
      const { data } = await tab.client.auth.signInWithOAuth({ provider: 'keycloak', options: { redirectTo: welcome(), skipBrowserRedirect: true } });
      const arrived = await new TestBrowser().navigate(data.url!, atApp);
      const fragment = new URLSearchParams(arrived.url.hash.slice(1));
      expect(fragment.get('access_token')).toBeNull();
      expect(fragment.get('error_code')).toBe('email_exists');
    } finally {
      idp.person = { ...DEFAULT_PERSON };
    }
  });
});
