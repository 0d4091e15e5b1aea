import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { TtlCache } from '../cache/ttl-cache.js';
import type { MessageBus } from '../cache/bus.js';
import type { AnyDb } from '../db/database.js';
import { authErrors } from './auth-error.js';
import { ACCESS_TOKEN_TTL_SECONDS, type TokenService } from './tokens.js';
import type { AuthUserJson, UserRecord } from './user-store.js';

export interface AuthMethod {
  method: string;
  timestamp: number;
  provider?: string;
}

export interface SessionTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: AuthUserJson;
}

interface SessionRow {
  id: string;
  user_id: string;
  aal: string;
  amr: AuthMethod[];
  factor_id: string | null;
  ended_at: Date | null;
  ended_reason: string | null;
}

export type SessionState = 'active' | 'ended' | 'single_session';

const CHANNEL = 'sessions.ended';
/** Two tabs refreshing at once both present the same token: the second gets a fresh one within this window. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** How a secret handed out is stored (refresh tokens, email link secrets): its sha256, so the table alone opens nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Sessions per site: issuing access and refresh tokens, rotating refresh tokens (a reused token
 * outside the grace window ends the whole session), ending sessions, and telling the request hook
 * whether a session is still alive (cached; ends are broadcast to every instance).
 */
export class SessionService {
  private readonly states = new TtlCache<SessionState>(60_000, 100_000);

  constructor(
    private readonly tokens: TokenService,
    private readonly bus: MessageBus,
    private readonly owner: AnyDb,
  ) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (key) => this.states.delete(key));
  }

  /** Opens a session for the user on this site and returns GoTrue's session body. */
  async open(
    db: AnyDb,
    input: { accountId: string; user: UserRecord; userJson: AuthUserJson; issuer: string; method: AuthMethod; userAgent?: string; ip?: string },
  ): Promise<{ sessionId: string; tokens: SessionTokens }> {
    const row = await db
      .insertInto('auth_sessions')
      .values({
        account_id: input.accountId,
        user_id: input.user.id,
        amr: JSON.stringify([input.method]),
        user_agent: input.userAgent ?? null,
        ip: input.ip ?? null,
      })
      .returning(['id', 'user_id', 'aal', 'amr', 'factor_id', 'ended_at', 'ended_reason'])
      .executeTakeFirstOrThrow();
    const session = row as SessionRow;
    return { sessionId: session.id, tokens: await this.mint(db, input.accountId, session, input.user, input.userJson, input.issuer, null) };
  }

  /** Exchanges a refresh token for a new pair (rotation with reuse detection). */
  async refresh(
    db: AnyDb,
    input: {
      accountId: string;
      refreshToken: string;
      issuer: string;
      loadUser: (userId: string) => Promise<{ user: UserRecord; json: AuthUserJson } | undefined>;
    },
  ): Promise<SessionTokens> {
    const hash = hashToken(input.refreshToken);
    const rotated = await db
      .updateTable('auth_refresh_tokens')
      .set({ revoked: true, updated_at: sql`now()` })
      .where('account_id', '=', input.accountId)
      .where('token_hash', '=', hash)
      .where('revoked', '=', false)
      .returning(['session_id', 'user_id'])
      .executeTakeFirst();
    let sessionId: string;
    if (rotated !== undefined) {
      sessionId = rotated.session_id as string;
    } else {
      const used = await db
        .selectFrom('auth_refresh_tokens')
        .select(['session_id', 'updated_at'])
        .where('account_id', '=', input.accountId)
        .where('token_hash', '=', hash)
        .executeTakeFirst();
      if (used === undefined) throw authErrors.refreshNotFound();
      sessionId = used.session_id as string;
      const age = Date.now() - new Date(used.updated_at as Date).getTime();
      if (age > REFRESH_REUSE_GRACE_MS) {
        // Someone is replaying an old token: end the session so neither copy can go on.
        await this.end(db, input.accountId, sessionId, 'refresh_token_reused');
        throw authErrors.refreshReused();
      }
    }
    const session = (await db
      .selectFrom('auth_sessions')
      .select(['id', 'user_id', 'aal', 'amr', 'factor_id', 'ended_at', 'ended_reason'])
      .where('account_id', '=', input.accountId)
      .where('id', '=', sessionId)
      .forUpdate()
      .executeTakeFirst()) as SessionRow | undefined;
    if (session === undefined) throw authErrors.refreshNotFound();
    if (session.ended_at !== null) throw session.ended_reason === 'single_session' ? authErrors.singleSession() : authErrors.sessionNotFound();
    const loaded = await input.loadUser(session.user_id);
    if (loaded === undefined) throw authErrors.userNotFound();
    await db
      .updateTable('auth_sessions')
      .set({ refreshed_at: sql`now()` })
      .where('account_id', '=', input.accountId)
      .where('id', '=', session.id)
      .execute();
    return this.mint(db, input.accountId, session, loaded.user, loaded.json, input.issuer, hash);
  }

  /** Raises a session to aal2 after a verified second factor and returns fresh tokens. */
  async elevate(
    db: AnyDb,
    input: { accountId: string; sessionId: string; factorId: string; user: UserRecord; userJson: AuthUserJson; issuer: string },
  ): Promise<SessionTokens> {
    const current = (await db
      .selectFrom('auth_sessions')
      .select(['amr'])
      .where('account_id', '=', input.accountId)
      .where('id', '=', input.sessionId)
      .where('ended_at', 'is', null)
      .executeTakeFirst()) as { amr: AuthMethod[] } | undefined;
    if (current === undefined) throw authErrors.sessionNotFound();
    const amr = [{ method: 'totp', timestamp: Math.floor(Date.now() / 1000) }, ...current.amr];
    const row = (await db
      .updateTable('auth_sessions')
      .set({ aal: 'aal2', factor_id: input.factorId, amr: JSON.stringify(amr) })
      .where('account_id', '=', input.accountId)
      .where('id', '=', input.sessionId)
      .returning(['id', 'user_id', 'aal', 'amr', 'factor_id', 'ended_at', 'ended_reason'])
      .executeTakeFirstOrThrow()) as SessionRow;
    return this.mint(db, input.accountId, row, input.user, input.userJson, input.issuer, null);
  }

  /** Ends one session: its refresh tokens stop working and its access tokens are refused. */
  async end(db: AnyDb, accountId: string, sessionId: string, reason: string): Promise<void> {
    await db
      .updateTable('auth_sessions')
      .set({ ended_at: sql`now()`, ended_reason: reason })
      .where('account_id', '=', accountId)
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
    await db.updateTable('auth_refresh_tokens').set({ revoked: true }).where('account_id', '=', accountId).where('session_id', '=', sessionId).execute();
    await this.bus.publish(CHANNEL, `${accountId}:${sessionId}`);
  }

  /** Ends the user's sessions on this site, optionally keeping one. Returns the ended ids. */
  async endAll(db: AnyDb, accountId: string, userId: string, reason: string, except?: string): Promise<string[]> {
    const rows = await db
      .selectFrom('auth_sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .$if(except !== undefined, (q) => q.where('id', '!=', except as string))
      .execute();
    for (const row of rows) await this.end(db, accountId, row.id as string, reason);
    return rows.map((r) => r.id as string);
  }

  /** Whether a session may still be used (checked on every authenticated request, cached). */
  async state(accountId: string, sessionId: string): Promise<SessionState> {
    const key = `${accountId}:${sessionId}`;
    const cached = this.states.get(key);
    if (cached !== undefined) return cached;
    const row = await this.owner
      .selectFrom('auth_sessions')
      .select(['ended_at', 'ended_reason'])
      .where('account_id', '=', accountId)
      .where('id', '=', sessionId)
      .executeTakeFirst();
    const state: SessionState = row === undefined || row.ended_at !== null ? (row?.ended_reason === 'single_session' ? 'single_session' : 'ended') : 'active';
    this.states.set(key, state);
    return state;
  }

  private async mint(
    db: AnyDb,
    accountId: string,
    session: SessionRow,
    user: UserRecord,
    userJson: AuthUserJson,
    issuer: string,
    parentHash: string | null,
  ): Promise<SessionTokens> {
    const refreshToken = randomBytes(24).toString('base64url');
    await db
      .insertInto('auth_refresh_tokens')
      .values({ account_id: accountId, token_hash: hashToken(refreshToken), session_id: session.id, user_id: user.id, parent_hash: parentHash })
      .execute();
    const now = Math.floor(Date.now() / 1000);
    const accessToken = await this.tokens.sign(
      {
        iss: issuer,
        sub: user.id,
        email: user.email ?? '',
        // Whether the address was confirmed: super-admin status needs a confirmed address.
        email_verified: user.email_confirmed_at !== null,
        phone: user.phone ?? '',
        role: 'authenticated',
        account_id: accountId,
        session_id: session.id,
        aal: session.aal as 'aal1' | 'aal2',
        amr: session.amr,
        // As the user object presents them (toAuthUser): a value stored past the bounds is left out.
        app_metadata: userJson.app_metadata,
        user_metadata: userJson.user_metadata,
        is_anonymous: user.is_anonymous,
      },
      ACCESS_TOKEN_TTL_SECONDS,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      expires_at: now + ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refreshToken,
      user: userJson,
    };
  }
}
