import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthService } from '../auth-service.js';
import type { GrantHandler } from './token.js';

export interface OAuthModule {
  /** Extra POST /token grants (pkce). */
  grants: Record<string, GrantHandler>;
  /** Names of the external providers enabled on the request's site. */
  providers(request: FastifyRequest): Promise<string[]>;
}

/** OAuth and SSO sign-in: /authorize, /callback, /sso and the pkce grant. */
export function oauthRoutes(_app: FastifyInstance, _auth: AuthService, _rateLimit: object): OAuthModule {
  // Filled in by the OAuth work in progress.
  return { grants: {}, providers: async () => [] };
}
