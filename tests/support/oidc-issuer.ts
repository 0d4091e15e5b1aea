import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestPerson {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface TestIssuer {
  /** http://127.0.0.1:<port>: the issuer identifier kernels discover. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next login at the provider signs in as (change it to sign in as someone else). */
  person: TestPerson;
  /** Logins completed at /interaction (a browser with a provider session skips them). */
  logins: number;
  close(): Promise<void>;
}

export const DEFAULT_PERSON: TestPerson = { sub: 'kc-user-0001', email: 'kim@example.test', email_verified: true, name: 'Kim Keycloak' };

/**
 * A real OpenID provider (oidc-provider) on loopback with one confidential client. There is no
 * login page: the interaction endpoint signs the current `person` in and grants what the client
 * asked for at once, so a test "browser" only has to follow redirects and keep cookies.
 */
export async function startOidcIssuer(input: { redirectUris: string[]; person?: TestPerson }): Promise<TestIssuer> {
  const clientId = 'lectern-test';
  const clientSecret = randomBytes(24).toString('base64url');
  // Listening first: the issuer identifier the provider is built with needs the port.
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const state: TestIssuer = {
    issuer,
    clientId,
    clientSecret,
    person: { ...(input.person ?? DEFAULT_PERSON) },
    logins: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
  const people = new Map<string, TestPerson>();

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    clients: [
      { client_id: clientId, client_secret: clientSecret, redirect_uris: input.redirectUris, grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    features: { devInteractions: { enabled: false } },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      if (person === undefined) return undefined;
      return { accountId: sub, claims: () => ({ ...person }) };
    },
  });
  const oidc = provider.callback();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    oidc(req, res);
  });

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      const person = { ...state.person };
      people.set(person.sub, person);
      state.logins += 1;
      await provider.interactionFinished(req, res, { login: { accountId: person.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (accountId === undefined) throw new Error('consent without a login');
      const grant =
        (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId: details.params.client_id });
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(' '));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      return;
    }
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  }

  return state;
}
