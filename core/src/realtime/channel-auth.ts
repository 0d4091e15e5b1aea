import type { SessionService } from '../auth/session-service.js';
import type { AccessClaims, AnonClaims, TokenService } from '../auth/tokens.js';

export type ChannelClaims = AccessClaims | AnonClaims;

export type CheckResult = { ok: true; claims: ChannelClaims } | { ok: false; reason: string };

/**
 * Who may use a channel: the join's access_token (a user token or the site's anon key) must verify,
 * belong to the site the socket connected to, and, for a user, name a session that is still open.
 * The reasons are what the client shows as its CHANNEL_ERROR.
 */
export async function checkChannelToken(token: string | undefined, accountId: string, tokens: TokenService, sessions: SessionService): Promise<CheckResult> {
  if (token === undefined || token === '') return { ok: false, reason: 'Missing access token' };
  let claims: ChannelClaims;
  try {
    claims = await tokens.verifyAny(token);
  } catch {
    return { ok: false, reason: 'Invalid or expired access token' };
  }
  if (claims.account_id !== accountId) return { ok: false, reason: 'The access token belongs to another site' };
  return sessionCheck(claims, sessions);
}

/** A user's session must still be open (signed out, or ended by single_session, closes channels). */
export async function sessionCheck(claims: ChannelClaims, sessions: SessionService): Promise<CheckResult> {
  if (claims.role === 'anon') return { ok: true, claims };
  const sessionId = (claims as AccessClaims).session_id;
  if (sessionId !== undefined) {
    const state = await sessions.state(claims.account_id, sessionId);
    if (state === 'single_session') return { ok: false, reason: 'Session ended: signed in on another device' };
    if (state !== 'active') return { ok: false, reason: 'Session ended' };
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return { ok: false, reason: 'Token has expired' };
  return { ok: true, claims };
}
