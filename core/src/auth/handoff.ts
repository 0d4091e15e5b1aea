import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { authErrors } from './auth-error.js';
import type { AuthService } from './auth-service.js';
import type { GrantHandler } from './routes/token.js';
import { issueLinkSecret } from './link-secrets.js';
import { hashToken } from './session-service.js';
import { userStore } from './user-store.js';

/**
 * The sign-up's hand-off: the platform's site has just made a site for someone who proved who they
 * are there (a password they chose, or the one their address already had), and sends them on to
 * the new site's dashboard signed in. Sessions stay per site, so what travels is a one-time secret
 * of the new site (32 random bytes, stored as its sha256 in the site's own one-time tokens) that
 * the new site's POST /auth/v1/token?grant_type=handoff exchanges for a session there, once, within
 * two minutes. It signs in; it confirms nothing about the e-mail address.
 */
export const HANDOFF_TTL_MS = 2 * 60_000;

const HANDOFF_KIND = 'handoff';

/** Stores a hand-off for the user on the account and returns its secret. */
export function issueHandoff(db: AnyDb, input: { accountId: string; userId: string; email: string }): Promise<string> {
  return issueLinkSecret(db, { ...input, kind: HANDOFF_KIND, ttlMs: HANDOFF_TTL_MS });
}

/** POST /token?grant_type=handoff with `{ handoff_token }`: consumes the hand-off and opens a session on this site. */
export function handoffGrant(auth: AuthService): GrantHandler {
  return async (request, body, reply) => {
    const secret = body.handoff_token;
    if (secret === undefined || secret === '') throw authErrors.validation('handoff_token is required');
    const ctx = request.ctx;
    const row = await ctx.db
      .updateTable('auth_one_time_tokens')
      .set({ consumed_at: sql`now()` })
      .where('account_id', '=', ctx.account.id)
      .where('kind', '=', HANDOFF_KIND)
      .where('link_hash', '=', hashToken(secret))
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('user_id')
      .executeTakeFirst();
    const userId = row?.user_id ?? null;
    const user = userId === null ? undefined : await auth.users(ctx, (db) => userStore.findById(db, userId));
    if (user === undefined) throw authErrors.otpExpired();
    // They typed their password on the platform's site moments ago: that is how they signed in.
    return auth.signIn(request, reply, user, 'password');
  };
}
