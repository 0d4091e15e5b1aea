import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

describe('owner sign-in settings', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ slug: 'settings' });
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the defaults, takes changes, and sign-up follows them at once', async () => {
    const initial = await t.request({ url: '/api/account/auth-settings', as: owner });
    expect(initial.json()).toEqual({
      autoconfirm: true,
      signupEnabled: true,
      anonymousEnabled: true,
      redirectUrls: [],
      otpTtlSeconds: 3600,
      passwordMinLength: 8,
      passwordRequiredCharacters: 'none',
      passwordCheckCommon: true,
      securePasswordChange: false,
    });
    const put = await t.request({ method: 'PUT', url: '/api/account/auth-settings', as: owner, payload: { autoconfirm: false, anonymousEnabled: false } });
    expect(put.json()).toMatchObject({ autoconfirm: false, anonymousEnabled: false, signupEnabled: true });
    const signup = await t.request({
      method: 'POST',
      url: '/auth/v1/signup',
      account: site,
      payload: { email: 'new@example.test', password: 'correct-horse-42' },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.json().access_token).toBeUndefined();
    expect(signup.json().email).toBe('new@example.test');
    const anonymous = await t.request({ method: 'POST', url: '/auth/v1/signup', account: site, payload: {} });
    expect(anonymous.json()).toMatchObject({ code: 'anonymous_provider_disabled' });
  });

  it('validates settings and keeps them to owners', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/api/account/auth-settings',
      as: owner,
      payload: { otpTtlSeconds: 5, redirectUrls: ['javascript:alert(1)'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    const student = await t.createMember(site);
    expect((await t.request({ url: '/api/account/auth-settings', as: student })).statusCode).toBe(403);
  });

  it('configures providers without ever showing their secrets', async () => {
    const created = await t.request({
      method: 'PUT',
      url: '/api/account/auth-providers/keycloak',
      as: owner,
      payload: { kind: 'oauth', issuer: 'https://id.example.test/realms/x', client_id: 'lectern', client_secret: 's3cret' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ id: 'keycloak', has_secret: true, enabled: true });
    expect(created.body).not.toContain('s3cret');
    const renamed = await t.request({
      method: 'PUT',
      url: '/api/account/auth-providers/keycloak',
      as: owner,
      payload: { kind: 'oauth', issuer: 'https://id.example.test/realms/y', client_id: 'lectern2' },
    });
    expect(renamed.json()).toMatchObject({ client_id: 'lectern2', has_secret: true });
    const sso = await t.request({
      method: 'PUT',
      url: '/api/account/auth-providers/acme',
      as: owner,
      payload: { kind: 'sso', issuer: 'https://sso.acme.test', client_id: 'x' },
    });
    expect(sso.statusCode).toBe(400);
    const list = await t.request({ url: '/api/account/auth-providers', as: owner });
    expect(list.json().providers.map((p: { id: string }) => p.id)).toEqual(['keycloak']);
    expect((await t.request({ method: 'DELETE', url: '/api/account/auth-providers/keycloak', as: owner })).json()).toEqual({ status: true });
    expect((await t.request({ method: 'DELETE', url: '/api/account/auth-providers/keycloak', as: owner })).statusCode).toBe(404);
  });
});

describe('provider issuers outside development', () => {
  it('must be public https hosts, so owners cannot aim the server at its own network', async () => {
    const t = await createTestKernel({ env: { PLATFORM_DOMAIN: 'lectern.example' } });
    try {
      const site = await t.createAccount({ slug: 'prod' });
      const owner = await t.createMember(site, { role: 'owner' });
      const put = (issuer: string) =>
        t.request({ method: 'PUT', url: '/api/account/auth-providers/idp', as: owner, payload: { kind: 'oauth', issuer, client_id: 'x' } });
      expect((await put('http://id.example.org')).json()).toMatchObject({ error: 'validation_failed', message: 'The issuer must use https' });
      for (const internal of ['https://127.0.0.1:8080', 'https://10.1.2.3', 'https://localhost', 'https://169.254.169.254', 'https://[::1]']) {
        // The outbound guard's refusal (tests/net/outbound-guard.test.ts has every spelling).
        expect((await put(internal)).json()).toMatchObject({ error: 'address_not_allowed', statusCode: 400 });
      }
      expect((await put('https://id.example.org/realms/a')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
