import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import type { AuthService } from '../auth/auth-service.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { EmptyBody } from '../schema/kit.js';

const Done = Type.Object({ status: Type.Unsafe<true>({ type: 'boolean', enum: [true] }) });

/**
 * POST /api/site/signout: the site's "Log out". It ends the session the request speaks for, however
 * it is called: with the user's bearer token (supabase-js or a script), with the server's session
 * cookie (signed in on another tab's storage, or storage cleared), or both (both sessions end).
 * The session's refresh tokens stop working and its access tokens are refused from then on; the
 * cookie is cleared. The cookie is SameSite=Lax, so another site cannot post this for the visitor.
 */
export async function signoutRoute(server: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/site/signout',
    {
      // Signing out stays open on a site whose bill lapsed, as signing in does.
      config: { public: true, billing: true },
      schema: { tags: ['site'], summary: 'End the signed-in session (bearer token or cookie) and clear the cookie', body: EmptyBody, response: { 200: Done } },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const sessions = new Set<string>();
      // The bearer token was checked by the kernel (this site's, session still open).
      if (request.auth?.session_id !== undefined) sessions.add(request.auth.session_id);
      const cookieSession = await sessionOfCookie(opts.auth, request.cookies?.[SESSION_COOKIE], ctx.account.id);
      if (cookieSession !== undefined) sessions.add(cookieSession);
      for (const sessionId of sessions) await opts.auth.sessions.end(ctx.db, ctx.account.id, sessionId, 'logout');
      opts.auth.clearCookie(reply);
      return { status: true as const };
    },
  );
}

/** The session a cookie's access token belongs to on this site; a stale or foreign cookie has none. */
async function sessionOfCookie(auth: AuthService, token: string | undefined, accountId: string): Promise<string | undefined> {
  if (token === undefined || token === '') return undefined;
  try {
    const claims = await auth.tokens.verifyAny(token);
    const sessionId = (claims as { session_id?: string }).session_id;
    return claims.account_id === accountId ? sessionId : undefined;
  } catch {
    return undefined;
  }
}
