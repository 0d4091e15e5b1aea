import { randomUUID } from 'node:crypto';
import { Type, type TOptional, type TString } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { sql } from 'kysely';
import { AuthError, authErrorBody, authErrors } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimit } from '../limits/auth-limits.js';
import { userForProfile } from '../oauth/external-users.js';
import { flowStates, verifierMatches, type FlowSession } from '../oauth/flow-states.js';
import { FORWARDED_PARAMS, isLoopback, UpstreamError, UpstreamProviders, type ProviderRow } from '../oauth/upstream.js';
import { allowedRedirect } from './redirects.js';
import { authResponses } from './schemas.js';
import { Nullable } from '../../schema/kit.js';
import type { GrantHandler } from './token.js';

export interface OAuthModule {
  /** Extra POST /token grants (pkce). */
  grants: Record<string, GrantHandler>;
  /** Names of the external providers enabled on the request's site. */
  providers(request: FastifyRequest): Promise<string[]>;
}

type ForwardedParam = (typeof FORWARDED_PARAMS)[number];

const Short = Type.String({ maxLength: 256 });
/** The parameters passed through to the provider, each a short string (every one of FORWARDED_PARAMS, in its order). */
const Forwarded = {
  prompt: Type.Optional(Short),
  login_hint: Type.Optional(Short),
  access_type: Type.Optional(Short),
  hd: Type.Optional(Short),
  ui_locales: Type.Optional(Short),
  display: Type.Optional(Short),
  domain_hint: Type.Optional(Short),
  include_granted_scopes: Type.Optional(Short),
} satisfies Record<ForwardedParam, TOptional<TString>>;
const UrlSchema = Type.Object({ url: Type.String() }, { additionalProperties: false });
const Redirect = Type.String({ description: 'Empty: the answer is the Location header' });
const PROVIDER_COLUMNS = ['id', 'kind', 'issuer', 'client_id', 'client_secret', 'scopes', 'domains', 'enabled'] as const;

/** PKCE as supabase-js sends it: a challenge of 43–128 unreserved characters, method s256 or plain. */
function clientPkce(challenge: string | null | undefined, method: string | null | undefined): { challenge: string; method: 's256' | 'plain' } | null {
  const hasChallenge = typeof challenge === 'string' && challenge !== '';
  const hasMethod = typeof method === 'string' && method !== '';
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod) throw authErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') throw authErrors.validation(`code challenge method not supported: ${method}`);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) throw authErrors.validation('code challenge has to be between 43 and 128 characters of [A-Za-z0-9-._~]');
  return { challenge, method: normalized };
}

/** Sets a redirect and returns the empty body: the kernel sends it once the transaction commits. */
function redirect(reply: FastifyReply, target: string, params?: URLSearchParams, where: 'query' | 'fragment' = 'fragment'): string {
  const url = new URL(target);
  if (params !== undefined && where === 'query') for (const [key, value] of params) url.searchParams.set(key, value);
  if (params !== undefined && where === 'fragment') url.hash = params.toString();
  reply.code(302).header('location', url.toString()).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return '';
}

/** GoTrue's redirect error: error, error_code, error_description (in the query for PKCE, else the fragment). */
function redirectWithError(reply: FastifyReply, target: string, pkce: boolean, error: AuthError, oauthError?: string): string {
  const kind =
    oauthError ??
    (error.statusCode >= 500
      ? 'server_error'
      : error.code.startsWith('flow_state') || error.code === 'bad_oauth_callback'
        ? 'access_denied'
        : 'invalid_request');
  const params = new URLSearchParams({ error: kind, error_code: error.code, error_description: error.message });
  return redirect(reply, target, params, pkce ? 'query' : 'fragment');
}

const unexpected = () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
const badCallback = (message: string) => new AuthError(400, 'bad_oauth_callback', message);

/**
 * OAuth and SSO sign-in through upstream OpenID providers configured per site (`auth_providers`):
 * GET /authorize and POST /sso send the browser to the provider, GET /callback brings it back
 * signed in (tokens in the fragment, or a one-time code for PKCE clients), and the pkce grant
 * of POST /token exchanges that code for the session opened at the callback.
 */
export function oauthRoutes(server: FastifyInstance, auth: AuthService, rateLimit: AuthLimit): OAuthModule {
  const app = typed(server);
  // Discovery, token, userinfo and key requests go through the outbound guard (owners choose issuers).
  const upstream = new UpstreamProviders((issuer) => auth.scheme === 'http' || isLoopback(issuer), app.kernel.outbound.fetch);

  async function findProvider(request: FastifyRequest, where: { id?: string; kind?: 'oauth' | 'sso'; domain?: string }): Promise<ProviderRow | undefined> {
    const ctx = request.ctx;
    let query = ctx.db
      .selectFrom('auth_providers')
      .select([...PROVIDER_COLUMNS])
      .where('account_id', '=', ctx.account.id)
      .where('enabled', '=', true);
    if (where.id !== undefined) query = query.where('id', '=', where.id);
    if (where.kind !== undefined) query = query.where('kind', '=', where.kind);
    if (where.domain !== undefined) {
      query = query.where(sql<boolean>`exists (select 1 from jsonb_array_elements_text(domains) d where lower(d) = ${where.domain.trim().toLowerCase()})`);
    }
    return (await query.orderBy('id').executeTakeFirst()) as ProviderRow | undefined;
  }

  /** Opens the flow state and returns the provider's authorization URL for it. */
  async function startFlow(
    request: FastifyRequest,
    provider: ProviderRow,
    input: { redirectTo: string; scopes?: string; pkce: { challenge: string; method: string } | null; extra: Record<string, string> },
  ): Promise<string> {
    const ctx = request.ctx;
    let config: Awaited<ReturnType<UpstreamProviders['configuration']>>;
    try {
      config = await upstream.configuration(provider);
    } catch (error) {
      // Not our failure and not the visitor's: the provider did not answer, or the outbound guard
      // refused its address. Said as such (a browser is sent back to the site with it).
      request.log.warn({ err: error, provider: provider.id }, 'oauth provider unavailable');
      throw new AuthError(
        502,
        'provider_unavailable',
        `The sign-in provider "${provider.id}" could not be reached; try again later or ask the site's owner to check its settings`,
      );
    }
    const { verifier, nonce } = UpstreamProviders.secrets();
    const state = await flowStates.create(ctx.db, ctx.account.id, {
      provider: provider.id,
      flow: input.pkce === null ? 'implicit' : 'pkce',
      codeChallenge: input.pkce?.challenge ?? null,
      codeChallengeMethod: input.pkce?.method ?? null,
      redirectTo: input.redirectTo,
      providerVerifier: verifier,
      nonce,
      authenticationMethod: provider.kind === 'sso' ? 'sso/oidc' : 'oauth',
    });
    const scopes = new Set(['openid', ...`${provider.scopes} ${input.scopes ?? ''}`.split(/[\s,]+/).filter((s) => s !== '')]);
    return upstream.authorizationUrl(config, {
      redirectUri: `${auth.issuer(request)}/callback`,
      scope: [...scopes].join(' '),
      state,
      nonce,
      verifier,
      extra: input.extra,
    });
  }

  app.get(
    '/authorize',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start signing in with an OAuth provider: redirects to it',
        querystring: Type.Object(
          {
            provider: Type.String({ maxLength: 64 }),
            redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
            scopes: Type.Optional(Type.String({ maxLength: 1024 })),
            code_challenge: Type.Optional(Type.String({ maxLength: 128 })),
            code_challenge_method: Type.Optional(Type.String({ maxLength: 16 })),
            skip_http_redirect: Type.Optional(Type.Boolean()),
            ...Forwarded,
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: UrlSchema, 302: Redirect }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      const settings = await auth.settings(request.ctx);
      const redirectTo = allowedRedirect(request, auth, settings, query.redirect_to ?? '');
      const wantsPkce = typeof query.code_challenge === 'string' && query.code_challenge !== '';
      try {
        const pkce = clientPkce(query.code_challenge, query.code_challenge_method);
        const provider = await findProvider(request, { id: query.provider, kind: 'oauth' });
        if (provider === undefined) throw authErrors.providerDisabled(query.provider);
        const extra: Record<string, string> = {};
        for (const name of FORWARDED_PARAMS) {
          const value = query[name];
          if (typeof value === 'string' && value !== '') extra[name] = value;
        }
        const url = await startFlow(request, provider, { redirectTo, scopes: query.scopes, pkce, extra });
        if (query.skip_http_redirect === true) return { url };
        return redirect(reply, url);
      } catch (error) {
        // A browser navigated here: send it back to the site with the error, as GoTrue does.
        // Callers that asked for the URL as JSON get the error as JSON.
        if (query.skip_http_redirect === true || !(error instanceof AuthError)) throw error;
        return redirectWithError(reply, redirectTo, wantsPkce, error);
      }
    },
  );

  app.post(
    '/sso',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on for an email domain or an SSO provider',
        body: Type.Object(
          {
            domain: Type.Optional(Type.String({ maxLength: 253 })),
            provider_id: Type.Optional(Type.String({ maxLength: 64 })),
            redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
            skip_http_redirect: Type.Optional(Type.Boolean()),
            code_challenge: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
            code_challenge_method: Type.Optional(Nullable(Type.String({ maxLength: 16 }))),
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 200: UrlSchema, 303: Redirect }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const domain = body.domain || undefined;
      const providerId = body.provider_id || undefined;
      if (domain === undefined && providerId === undefined) throw authErrors.validation('A provider_id or domain must be provided');
      if (domain !== undefined && providerId !== undefined) throw authErrors.validation('Only one of provider_id or domain supported');
      const pkce = clientPkce(body.code_challenge, body.code_challenge_method);
      const settings = await auth.settings(request.ctx);
      const redirectTo = allowedRedirect(request, auth, settings, body.redirect_to ?? '');
      const provider = await findProvider(request, domain !== undefined ? { kind: 'sso', domain } : { kind: 'sso', id: providerId });
      if (provider === undefined) throw authErrors.ssoProviderNotFound();
      const url = await startFlow(request, provider, { redirectTo, pkce, extra: {} });
      if (body.skip_http_redirect === true) return { url };
      reply.code(303).header('location', url);
      return '';
    },
  );

  app.get(
    '/callback',
    {
      config: { public: true, authLimit: rateLimit },
      schema: {
        tags: ['auth'],
        summary: 'Where providers send the browser back: signs in and redirects to the site',
        querystring: Type.Object(
          {
            code: Type.Optional(Type.String({ maxLength: 4096 })),
            state: Type.Optional(Type.String({ maxLength: 128 })),
            error: Type.Optional(Short),
            error_description: Type.Optional(Type.String({ maxLength: 1024 })),
          },
          { additionalProperties: true },
        ),
        response: authResponses({ 302: Redirect }),
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const query = request.query;
      const site = auth.siteUrl(request);
      if (typeof query.state !== 'string' || query.state === '') {
        return redirectWithError(reply, site, false, new AuthError(400, 'bad_oauth_state', 'OAuth state parameter missing'));
      }
      const flow = await flowStates.forCallback(ctx.db, ctx.account.id, query.state);
      if (flow === undefined) return redirectWithError(reply, site, false, authErrors.flowStateNotFound());
      const pkce = flow.flow === 'pkce';
      const target = flow.redirect_to ?? site;

      // Whatever fails below is undone, the flow is spent, and the browser goes back with the error.
      await sql`SAVEPOINT oauth_callback`.execute(ctx.db);
      let providerError: string | undefined;
      try {
        if (flow.expired) throw authErrors.flowStateExpired();
        if (typeof query.error === 'string' && query.error !== '') {
          providerError = query.error;
          throw badCallback(query.error_description || query.error);
        }
        if (typeof query.code !== 'string' || query.code === '') throw badCallback('OAuth callback with missing authorization code');
        const provider = await findProvider(request, { id: flow.provider });
        if (provider === undefined) throw authErrors.providerDisabled(flow.provider);
        if (flow.provider_verifier === null || flow.nonce === null) throw authErrors.flowStateNotFound();

        const config = await upstream.configuration(provider);
        // The URL the provider sent the browser to, with its parameters exactly as received.
        const callbackUrl = new URL(`${auth.issuer(request)}/callback`);
        const queryStart = request.url.indexOf('?');
        callbackUrl.search = queryStart === -1 ? '' : request.url.slice(queryStart);
        const upstreamTokens = await upstream.exchange(config, callbackUrl, { state: flow.id, verifier: flow.provider_verifier, nonce: flow.nonce });

        const settings = await auth.settings(ctx);
        const user = await auth.users(ctx, (db) =>
          userForProfile(db, { provider: provider.id, profile: upstreamTokens.profile, signupEnabled: settings.signupEnabled }),
        );
        const tokens = await auth.signIn(request, reply, user, flow.authentication_method ?? 'oauth', provider.id);
        const session: FlowSession = { ...tokens, provider_token: upstreamTokens.accessToken };
        if (upstreamTokens.refreshToken !== undefined) session.provider_refresh_token = upstreamTokens.refreshToken;

        if (pkce) {
          const authCode = randomUUID();
          await flowStates.issueCode(ctx.db, ctx.account.id, flow.id, { authCode, userId: user.id, session });
          return redirect(reply, target, new URLSearchParams({ code: authCode }), 'query');
        }
        await flowStates.delete(ctx.db, ctx.account.id, flow.id);
        const fragment = new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          provider_token: upstreamTokens.accessToken,
        });
        if (session.provider_refresh_token !== undefined) fragment.set('provider_refresh_token', session.provider_refresh_token);
        return redirect(reply, target, fragment, 'fragment');
      } catch (error) {
        if (error instanceof UpstreamError) request.log.warn({ err: error, provider: flow.provider }, 'oauth callback failed at the provider');
        else if (!(error instanceof AuthError)) request.log.error({ err: error, provider: flow.provider }, 'oauth callback failed');
        const authError =
          error instanceof AuthError ? error : error instanceof UpstreamError ? badCallback('Error getting user profile from external provider') : unexpected();
        await sql`ROLLBACK TO SAVEPOINT oauth_callback`.execute(ctx.db);
        await flowStates.delete(ctx.db, ctx.account.id, flow.id);
        return redirectWithError(reply, target, pkce, authError, providerError);
      }
    },
  );

  const pkceGrant: GrantHandler = async (request, body, reply) => {
    const ctx = request.ctx;
    const authCode = body.auth_code ?? '';
    const verifier = body.code_verifier ?? '';
    if (authCode === '' || verifier === '') throw authErrors.validation('invalid request: both auth code and code verifier should be non-empty');
    const flow = await flowStates.forAuthCode(ctx.db, ctx.account.id, authCode);
    if (flow === undefined || flow.session_tokens === null) throw authErrors.flowStateNotFound();
    if (flow.expired) {
      // Answered without throwing so the removal of the stale session is committed.
      await flowStates.delete(ctx.db, ctx.account.id, flow.id);
      const error = authErrors.flowStateExpired();
      reply.code(error.statusCode);
      return authErrorBody(error);
    }
    if (!verifierMatches(flow.code_challenge_method, flow.code_challenge, verifier)) throw authErrors.badCodeVerifier();
    // Handed out once: the row (and the secrets in it) goes now.
    await flowStates.delete(ctx.db, ctx.account.id, flow.id);
    auth.setCookie(reply, flow.session_tokens.access_token);
    return flow.session_tokens;
  };

  return {
    grants: { pkce: pkceGrant },
    async providers(request) {
      const ctx = request.ctx;
      const rows = await ctx.db
        .selectFrom('auth_providers')
        .select('id')
        .where('account_id', '=', ctx.account.id)
        .where('kind', '=', 'oauth')
        .where('enabled', '=', true)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.id as string);
    },
  };
}
