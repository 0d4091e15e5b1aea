import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

/**
 * The OpenID provider's own endpoints are fetched through the outbound guard too, not only its
 * issuer: a discovery document (from an allowed issuer) that points the token endpoint at a
 * refused address gets no request there.
 */
describe('OIDC endpoints named by a discovery document go through the outbound guard', () => {
  let t: TestKernel;
  let site: TestAccount;
  let issuer: Server;
  let issuerUrl: string;
  let discoveries = 0;
  let inside: net.Server;
  let insidePort: number;
  let insideConnections = 0;

  beforeAll(async () => {
    // 127.0.0.2 stands for the inside of the network: loopback, so a stray request stays on this machine.
    inside = net.createServer((socket) => {
      insideConnections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.2', resolve));
    insidePort = (inside.address() as AddressInfo).port;

    issuer = createServer((req, res) => {
      if (req.url === '/.well-known/openid-configuration') {
        discoveries += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            issuer: issuerUrl,
            authorization_endpoint: `${issuerUrl}/auth`,
            token_endpoint: `http://127.0.0.2:${insidePort}/token`,
            userinfo_endpoint: `http://127.0.0.2:${insidePort}/userinfo`,
            jwks_uri: `http://127.0.0.2:${insidePort}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          }),
        );
        return;
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
    const issuerPort = (issuer.address() as AddressInfo).port;
    issuerUrl = `http://127.0.0.1:${issuerPort}`;

    // Only the issuer itself is allowed: the exact address and port.
    t = await createTestKernel({ env: { OUTBOUND_ALLOW: `127.0.0.1:${issuerPort}`, AUTH_RATE_LIMIT: '10000' } });
    site = await t.createAccount({ slug: 'guarded' });
    const owner = await t.createMember(site, { role: 'owner' });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/account/auth-providers/inside',
      as: owner,
      payload: { kind: 'oauth', issuer: issuerUrl, client_id: 'lectern', client_secret: 'secret' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A provider whose issuer is a name no DNS server answers for: discovery cannot happen.
    const away = await t.request({
      method: 'PUT',
      url: '/api/account/auth-providers/away',
      as: owner,
      payload: { kind: 'oauth', issuer: 'https://idp.unreachable.example', client_id: 'lectern' },
    });
    expect(away.statusCode, away.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (issuer ? issuer.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (inside ? inside.close(() => resolve()) : resolve()));
  });

  it('discovers through the allow-listed issuer, then refuses the token endpoint without connecting to it', async () => {
    const authorize = await t.request({ url: '/auth/v1/authorize?provider=inside&skip_http_redirect=true', account: site });
    expect(authorize.statusCode, authorize.body).toBe(200);
    expect(discoveries).toBe(1);
    const providerUrl = new URL(authorize.json().url as string);
    expect(providerUrl.origin).toBe(issuerUrl);
    const state = providerUrl.searchParams.get('state');
    expect(state).toBeTruthy();

    // The provider "sends the browser back" with a code: the kernel would now call the token endpoint.
    const callback = await t.request({ url: `/auth/v1/callback?state=${state}&code=some-code`, account: site });
    expect(callback.statusCode).toBe(302);
    const fragment = new URLSearchParams(new URL(callback.headers.location as string).hash.slice(1));
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('bad_oauth_callback');
    expect(insideConnections).toBe(0);
  });

  it('answers a sign-in through a provider it cannot reach with 502 provider_unavailable, never a 500', async () => {
    const json = await t.request({ url: '/auth/v1/authorize?provider=away&skip_http_redirect=true', account: site });
    expect(json.statusCode, json.body).toBe(502);
    expect(json.json()).toMatchObject({ error_code: 'provider_unavailable' });
    // A browser is sent back to the site with the error, as GoTrue does.
    const browser = await t.request({ url: '/auth/v1/authorize?provider=away', account: site });
    expect(browser.statusCode).toBe(302);
    expect(String(browser.headers.location)).toContain('provider_unavailable');
  });
});
