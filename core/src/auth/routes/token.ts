import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { AuthError, authErrorBody, authErrors, type AuthErrorBody } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import type { SessionTokens } from '../session-service.js';
import { normalizeEmail, normalizePhone, userStore } from '../user-store.js';
import { markActive } from '../../usage/meters.js';
import { authResponses, Email, Password, Phone, SessionSchema } from './schemas.js';

/** POST /token's body: every grant's fields, each optional (a grant checks its own). */
const TokenBodySchema = Type.Object(
  {
    email: Type.Optional(Email),
    phone: Type.Optional(Phone),
    password: Type.Optional(Password),
    refresh_token: Type.Optional(Type.String({ maxLength: 512 })),
    auth_code: Type.Optional(Type.String({ maxLength: 128 })),
    code_verifier: Type.Optional(Type.String({ maxLength: 256 })),
    handoff_token: Type.Optional(Type.String({ maxLength: 128, description: "grant_type=handoff: the sign-up's one-time secret for this site" })),
  },
  { additionalProperties: true },
);
type TokenBody = Static<typeof TokenBodySchema>;

/** One grant of POST /token: the request (its tenancy) and its body, as the route's schema types it. */
type GrantHandler = (request: FastifyRequest, body: TokenBody, reply: FastifyReply) => Promise<SessionTokens | AuthErrorBody>;

/**
 * POST /token?grant_type=…: password sign-in and refresh-token rotation here; other grants
 * (pkce) are added by the modules that own their flows.
 */
/** The address a password sign-in is aimed at, as users are stored (for the per-address count). */
function passwordAddress(body: TokenBody | undefined): string | undefined {
  if (body?.email) return `email:${normalizeEmail(body.email)}`;
  if (body?.phone) return `phone:${normalizePhone(body.phone)}`;
  return undefined;
}

export function tokenRoute(server: FastifyInstance, auth: AuthService, limits: AuthLimits, extraGrants: Record<string, GrantHandler>): void {
  const app = typed(server);
  const grants: Record<string, GrantHandler> = {
    password: async (request, body, reply) => {
      const ctx = request.ctx;
      const email = body.email || undefined;
      const phone = body.phone || undefined;
      const password = body.password || undefined;
      if ((email === undefined && phone === undefined) || password === undefined) {
        throw authErrors.validation('You must provide either an email or phone number and a password');
      }
      const user = await auth.users(ctx, (db) => (email !== undefined ? userStore.findByEmail(db, email) : userStore.findByPhone(db, phone as string)));
      if (!(await userStore.verifyPassword(user, password)) || user === undefined) throw authErrors.invalidCredentials();
      if (email !== undefined && user.email_confirmed_at === null) throw authErrors.emailNotConfirmed();
      if (email === undefined && user.phone_confirmed_at === null) throw authErrors.phoneNotConfirmed();
      limits.passwordSucceeded(ctx, passwordAddress(body) as string);
      return auth.signIn(request, reply, user, 'password');
    },
    refresh_token: async (request, body, reply) => {
      const ctx = request.ctx;
      const token = body.refresh_token;
      if (token === undefined || token === '') throw authErrors.refreshNotFound();
      try {
        const tokens = await auth.sessions.refresh(ctx.db, {
          accountId: ctx.account.id,
          refreshToken: token,
          issuer: auth.issuer(request),
          loadUser: (userId) => auth.loadUser(ctx, userId),
        });
        auth.setCookie(reply, tokens.access_token);
        // A session kept alive across a month boundary makes its user active in the new month (SPEC §9 mau).
        if (tokens.user.is_anonymous !== true) await markActive(ctx.db, ctx.account.id, tokens.user.id);
        return tokens;
      } catch (error) {
        // A replayed token has just ended its session: answer without throwing, so that end is
        // committed rather than rolled back with the request.
        if (error instanceof AuthError && error.code === 'refresh_token_already_used') {
          reply.code(error.statusCode);
          return authErrorBody(error);
        }
        throw error;
      }
    },
    ...extraGrants,
  };

  app.post(
    '/token',
    {
      config: { public: true, authLimit: limits.token },
      // Password guesses are counted per address too (across clients), before the password is checked.
      preHandler: async (request, reply) => {
        const address = request.query.grant_type === 'password' ? passwordAddress(request.body) : undefined;
        if (address !== undefined) await limits.passwordAttempt(reply, address);
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password, refresh a session, or exchange a PKCE code',
        querystring: Type.Object({ grant_type: Type.String({ maxLength: 32 }) }),
        body: TokenBodySchema,
        response: authResponses({ 200: SessionSchema }),
      },
    },
    async (request, reply) => {
      const grant = grants[request.query.grant_type];
      if (grant === undefined) throw authErrors.validation(`unsupported_grant_type: ${request.query.grant_type}`);
      return grant(request, request.body, reply);
    },
  );
}

export type { GrantHandler };
