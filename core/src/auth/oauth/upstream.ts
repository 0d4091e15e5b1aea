import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import * as oidc from 'openid-client';
import { TtlCache } from '../../cache/ttl-cache.js';
import type { GuardedFetch } from '../../net/outbound-guard.js';

/** A row of `auth_providers`: an OpenID provider a site signs people in with. */
export interface ProviderRow {
  id: string;
  kind: 'oauth' | 'sso';
  issuer: string;
  client_id: string;
  client_secret: string | null;
  scopes: string;
  domains: string[];
  enabled: boolean;
}

/** What the kernel keeps of a person the provider vouched for. */
export interface ExternalProfile {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
}

export interface UpstreamTokens {
  accessToken: string;
  refreshToken: string | undefined;
  profile: ExternalProfile;
}

/** Discovery documents change rarely; an hour keeps provider outages from costing every sign-in a round trip. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Seconds the kernel waits for a provider (discovery, token, userinfo). */
const UPSTREAM_TIMEOUT_SECONDS = 10;

/** Parameters a client may pass through to the provider's authorization page (others are dropped). */
export const FORWARDED_PARAMS = ['prompt', 'login_hint', 'access_type', 'hd', 'ui_locales', 'display', 'domain_hint', 'include_granted_scopes'] as const;

export class UpstreamError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UpstreamError';
  }
}

/**
 * Talks to upstream OpenID providers with openid-client: discovery (cached per issuer and client),
 * the authorization URL with our own PKCE pair and nonce, and the code exchange. Every request to
 * a provider (discovery, token, userinfo, keys) goes through the kernel's outbound guard, since an
 * owner chose the issuer: it may not reach loopback, private or metadata addresses.
 */
export class UpstreamProviders {
  private readonly configs = new TtlCache<Promise<oidc.Configuration>>(DISCOVERY_TTL_MS, 1_000);

  /**
   * @param allowInsecure whether plain-http issuers may be used (development kernels and loopback
   *   providers only: tokens and client secrets would otherwise cross the network in clear text).
   */
  constructor(
    private readonly allowInsecure: (issuer: URL) => boolean,
    /** The outbound guard's fetch (kernel.outbound.fetch). */
    guardedFetch: GuardedFetch,
  ) {
    this.fetch = (url, options) => guardedFetch(url, options as RequestInit);
  }

  private readonly fetch: oidc.CustomFetch;

  async configuration(provider: ProviderRow): Promise<oidc.Configuration> {
    let issuer: URL;
    try {
      issuer = new URL(provider.issuer);
    } catch (error) {
      throw new UpstreamError(`provider ${provider.id} has an invalid issuer`, { cause: error });
    }
    const insecure = issuer.protocol === 'http:';
    if (insecure && !this.allowInsecure(issuer)) throw new UpstreamError(`provider ${provider.id} needs an https issuer`);
    if (!insecure && issuer.protocol !== 'https:') throw new UpstreamError(`provider ${provider.id} has an invalid issuer`);

    const secret = provider.client_secret ?? '';
    const key = [issuer.href, provider.client_id, createHash('sha256').update(secret).digest('base64url')].join('\n');
    let pending = this.configs.get(key);
    if (pending === undefined) {
      pending = oidc
        .discovery(issuer, provider.client_id, secret === '' ? undefined : secret, secret === '' ? oidc.None() : secretAuth(secret), {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          timeout: UPSTREAM_TIMEOUT_SECONDS,
          // Kept by the configuration for every later request (token, userinfo, keys).
          [oidc.customFetch]: this.fetch,
        })
        .catch((error: unknown) => {
          // A failed discovery is not remembered: the next sign-in tries again.
          this.configs.delete(key);
          throw new UpstreamError(`discovery of ${issuer.href} failed`, { cause: error });
        });
      this.configs.set(key, pending);
    }
    return pending;
  }

  /** A fresh PKCE verifier (kept in the flow state) and nonce for one authorization request. */
  static secrets(): { verifier: string; nonce: string } {
    return { verifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
  }

  async authorizationUrl(
    config: oidc.Configuration,
    input: { redirectUri: string; scope: string; state: string; nonce: string; verifier: string; extra: Record<string, string> },
  ): Promise<string> {
    const challenge = await oidc.calculatePKCECodeChallenge(input.verifier);
    return oidc.buildAuthorizationUrl(config, {
      ...input.extra,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: input.scope,
      state: input.state,
      nonce: input.nonce,
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }).href;
  }

  /**
   * Exchanges the authorization code (checking state, PKCE and the ID token's nonce) and reads
   * who signed in: the ID token's claims, completed from the userinfo endpoint when the ID token
   * carries no email (providers that conform to OIDC's minimal ID tokens put it only there).
   */
  async exchange(config: oidc.Configuration, callbackUrl: URL, checks: { state: string; verifier: string; nonce: string }): Promise<UpstreamTokens> {
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.verifier,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new UpstreamError('the provider did not accept the authorization code', { cause: error });
    }
    const idToken = tokens.claims();
    if (idToken === undefined) throw new UpstreamError('the provider returned no ID token');
    let claims: Record<string, unknown> = { ...idToken };
    if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint !== undefined) {
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...info, ...claims };
      } catch (error) {
        throw new UpstreamError('the provider did not answer the userinfo request', { cause: error });
      }
    }
    const email = typeof claims.email === 'string' && claims.email.includes('@') ? claims.email.trim().toLowerCase() : undefined;
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      profile: {
        issuer: idToken.iss,
        subject: idToken.sub,
        email,
        // Some providers send the flag as a string.
        emailVerified: email !== undefined && (claims.email_verified === true || claims.email_verified === 'true'),
        name: typeof claims.name === 'string' && claims.name !== '' ? claims.name : undefined,
        picture: typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) ? claims.picture : undefined,
      },
    };
  }
}

/**
 * Client secret authentication as the provider prefers it: HTTP Basic when it lists it (or lists
 * nothing, RFC 8414's default), else the secret in the form body.
 */
function secretAuth(secret: string): oidc.ClientAuth {
  const basic = oidc.ClientSecretBasic(secret);
  const post = oidc.ClientSecretPost(secret);
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const usePost = Array.isArray(methods) && !methods.includes('client_secret_basic') && methods.includes('client_secret_post');
    (usePost ? post : basic)(as, client, body, headers);
  };
}

/** True for issuers on this machine (a provider running beside the kernel in development and tests). */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}
