import type { FastifyRequest } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import type { Account } from '../tenancy/account.js';
import { SESSION_COOKIE } from './session-cookie.js';
import type { SessionService } from './session-service.js';
import type { AccessClaims, TokenService } from './tokens.js';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who is calling: the bearer token (supabase-js sends the user's access token, or the site's anon
 * key when signed out), else for page loads (GET/HEAD) the session cookie. A token must belong to
 * this site and its session must still be open; the anon key means "nobody".
 */
export async function authenticate(request: FastifyRequest, account: Account, tokens: TokenService, sessions: SessionService): Promise<AccessClaims | null> {
  const header = request.headers.authorization;
  let token: string | undefined;
  let fromCookie = false;
  if (header !== undefined) {
    const match = BEARER.exec(header);
    if (match === null) throw new AppError(Errors.invalidToken);
    token = match[1];
  } else if (request.method === 'GET' || request.method === 'HEAD') {
    token = request.cookies?.[SESSION_COOKIE];
    fromCookie = token !== undefined;
  }
  if (token === undefined || token === '') return null;

  let claims: Awaited<ReturnType<TokenService['verifyAny']>>;
  try {
    claims = await tokens.verifyAny(token);
  } catch {
    // A stale cookie just means signed out; a bad bearer token is the caller's error.
    if (fromCookie) return null;
    throw new AppError(Errors.invalidToken);
  }
  if (claims.account_id !== account.id) {
    if (fromCookie) return null;
    throw new AppError(Errors.invalidToken, 'The access token belongs to another site');
  }
  if (claims.role === 'anon') return null;
  const user = claims as AccessClaims;
  if (user.session_id !== undefined) {
    const state = await sessions.state(account.id, user.session_id);
    if (state !== 'active') {
      if (fromCookie) return null;
      throw new AppError(state === 'single_session' ? Errors.singleSession : Errors.sessionEnded);
    }
  }
  return user;
}
