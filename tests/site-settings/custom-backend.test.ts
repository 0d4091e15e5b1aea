import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { siteClient } from '../support/supabase-client.js';

interface SiteConfig {
  backend_url: string;
  anon_key: string;
  custom_backend: boolean;
  dashboard: { backend_url: string; anon_key: string };
}

const PASSWORD = 'correct-horse-42';
// A hosted backend that is not this platform (nothing listens there: any request to it fails).
const FOREIGN = { url: 'https://127.0.0.1:9', key: 'foreign-anon-key' };

describe("a site's custom backend does not lock its owner out of the dashboard", () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let origin: string;

  beforeAll(async () => {
    t = await createTestKernel();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    site = await t.createAccount({ name: 'Own Backend School' });
    owner = await t.createMember(site, { role: 'owner', password: PASSWORD });
    origin = `http://${site.host}:${(t.app.server.address() as AddressInfo).port}`;
    const saved = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { backend: FOREIGN } } });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const config = async () => (await t.request({ url: '/api/site/config', account: site })).json() as SiteConfig;

  it('hands the custom backend to the public site, and the platform to the dashboard', async () => {
    const answer = await config();
    expect(answer).toMatchObject({ backend_url: FOREIGN.url, anon_key: FOREIGN.key, custom_backend: true });
    expect(answer.dashboard.backend_url).toBe(`http://${site.host}`);
    expect(answer.dashboard.anon_key).not.toBe(FOREIGN.key);
    expect(answer.dashboard.anon_key.split('.')).toHaveLength(3);
  });

  it('lets the owner sign in with the dashboard entry and use the API and /dashboard', async () => {
    const { dashboard } = await config();
    // The dashboard creates its client from `dashboard` (admin/src/auth/supabase.ts); on this
    // listening kernel the same site is reached through its port.
    const { client } = siteClient(origin, dashboard.anon_key);
    const { data, error } = await client.auth.signInWithPassword({ email: owner.email, password: PASSWORD });
    expect(error).toBeNull();
    const token = data.session?.access_token;
    expect(token).toBeTruthy();

    const settings = await t.request({ url: '/api/account/site', account: site, headers: { authorization: `Bearer ${token}` } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ settings: { backend: FOREIGN } });

    // Page loads read the session cookie the sign-in set.
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/v1/token?grant_type=password',
      account: site,
      headers: { apikey: dashboard.anon_key },
      payload: { email: owner.email, password: PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookie = [signIn.headers['set-cookie']].flat().find((line) => line?.startsWith('lectern-access-token='));
    expect(cookie).toBeDefined();
    const page = await t.request({ url: '/dashboard', account: site, headers: { cookie: (cookie as string).split(';')[0] as string } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
