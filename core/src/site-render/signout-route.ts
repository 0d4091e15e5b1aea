import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/auth-service.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';

const Done = { type: 'object', required: ['status'], properties: { status: { type: 'boolean', enum: [true] } } } as const;
const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

/**
 * POST /api/site/signout: the site's "Log out" when the browser holds only the server's session
 * cookie (signed in on another tab's storage, or storage cleared): ends that session and clears the
 * cookie. The cookie is SameSite=Lax, so another site cannot post this for the visitor.
 */
export async function signoutRoute(app: FastifyInstance, opts: { auth: AuthService }): Promise<void> {
  app.post(
    '/api/site/signout',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: "End the session the site's cookie holds and clear the cookie", body: EmptyBody, response: { 200: Done } },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const token = request.cookies?.[SESSION_COOKIE];
      if (token !== undefined && token !== '') {
        try {
          const claims = await opts.auth.tokens.verifyAny(token);
          const sessionId = (claims as { session_id?: string }).session_id;
          if (claims.account_id === ctx.account.id && sessionId !== undefined) await opts.auth.sessions.end(ctx.db, ctx.account.id, sessionId, 'logout');
        } catch {
          // A stale or foreign cookie has no session to end; clearing it is all there is to do.
        }
      }
      opts.auth.clearCookie(reply);
      return { status: true as const };
    },
  );
}
