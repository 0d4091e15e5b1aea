import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AuthError, authErrorBody, authErrors, type AuthErrorBody } from '../auth-error.js';
import type { AuthService } from '../auth-service.js';
import type { AuthLimits } from '../limits/auth-limits.js';
import type { SessionTokens } from '../session-service.js';
import { normalizeEmail, normalizePhone, userStore } from '../user-store.js';
import { authResponses, Email, Password, Phone, SessionSchema } from './schemas.js';

interface TokenBody {
  email?: string;
  phone?: string;
  password?: string;
  refresh_token?: string;
  auth_code?: string;
  code_verifier?: string;
}

type GrantHandler = (request: FastifyRequest<{ Body: TokenBody }>, reply: FastifyReply) => Promise<SessionTokens | AuthErrorBody>;

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

export function tokenRoute(app: FastifyInstance, auth: AuthService, limits: AuthLimits, extraGrants: Record<string, GrantHandler>): void {
  const grants: Record<string, GrantHandler> = {
    password: async (request, reply) => {
      const ctx = request.ctx;
      const email = request.body.email || undefined;
      const phone = request.body.phone || undefined;
      const password = request.body.password || undefined;
      if ((email === undefined && phone === undefined) || password === undefined) {
        throw authErrors.validation('You must provide either an email or phone number and a password');
      }
      const user = await auth.users(ctx, (db) => (email !== undefined ? userStore.findByEmail(db, email) : userStore.findByPhone(db, phone as string)));
      if (!(await userStore.verifyPassword(user, password)) || user === undefined) throw authErrors.invalidCredentials();
      if (email !== undefined && user.email_confirmed_at === null) throw authErrors.emailNotConfirmed();
      if (email === undefined && user.phone_confirmed_at === null) throw authErrors.phoneNotConfirmed();
      limits.passwordSucceeded(ctx, passwordAddress(request.body) as string);
      return auth.signIn(request, reply, user, 'password');
    },
    refresh_token: async (request, reply) => {
      const ctx = request.ctx;
      const token = request.body.refresh_token;
      if (token === undefined || token === '') throw authErrors.refreshNotFound();
      try {
        const tokens = await auth.sessions.refresh(ctx.db, {
          accountId: ctx.account.id,
          refreshToken: token,
          issuer: auth.issuer(request),
          loadUser: (userId) => auth.loadUser(ctx, userId),
        });
        auth.setCookie(reply, tokens.access_token);
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

  app.post<{ Body: TokenBody; Querystring: { grant_type: string } }>(
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
        querystring: { type: 'object', required: ['grant_type'], properties: { grant_type: { type: 'string', maxLength: 32 } } },
        body: {
          type: 'object',
          additionalProperties: true,
          properties: {
            email: Email,
            phone: Phone,
            password: Password,
            refresh_token: { type: 'string', maxLength: 512 },
            auth_code: { type: 'string', maxLength: 128 },
            code_verifier: { type: 'string', maxLength: 256 },
          },
        },
        response: authResponses({ 200: SessionSchema }),
      },
    },
    async (request, reply) => {
      const grant = grants[request.query.grant_type];
      if (grant === undefined) throw authErrors.validation(`unsupported_grant_type: ${request.query.grant_type}`);
      return grant(request, reply);
    },
  );
}

export type { GrantHandler };
