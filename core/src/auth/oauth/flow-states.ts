import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import type { SessionTokens } from '../session-service.js';

/** How long a sign-in through a provider may take, from /authorize to the code exchange. */
export const FLOW_STATE_TTL_MINUTES = 10;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session a PKCE flow hands out once, with the provider's own tokens. */
export type FlowSession = SessionTokens & { provider_token?: string; provider_refresh_token?: string };

export interface FlowStateRow {
  id: string;
  provider: string;
  flow: 'pkce' | 'implicit';
  code_challenge: string | null;
  code_challenge_method: string | null;
  redirect_to: string | null;
  provider_verifier: string | null;
  nonce: string | null;
  auth_code: string | null;
  user_id: string | null;
  session_tokens: FlowSession | null;
  authentication_method: string | null;
  /** Computed by the database: older than FLOW_STATE_TTL_MINUTES. */
  expired: boolean;
}

const COLUMNS = [
  'id',
  'provider',
  'flow',
  'code_challenge',
  'code_challenge_method',
  'redirect_to',
  'provider_verifier',
  'nonce',
  'auth_code',
  'user_id',
  'session_tokens',
  'authentication_method',
] as const;
const expired = sql<boolean>`created_at < now() - make_interval(mins => ${FLOW_STATE_TTL_MINUTES})`.as('expired');

/**
 * OAuth and SSO sign-ins in progress (`auth_flow_states`, a tenant table reached through the
 * request transaction). The row holds our PKCE verifier and nonce for the provider, the client's
 * own code challenge and, between /callback and the pkce grant, the session to hand out.
 */
export const flowStates = {
  async create(
    db: AnyDb,
    accountId: string,
    input: {
      provider: string;
      flow: 'pkce' | 'implicit';
      codeChallenge: string | null;
      codeChallengeMethod: string | null;
      redirectTo: string;
      providerVerifier: string;
      nonce: string;
      authenticationMethod: string;
    },
  ): Promise<string> {
    // Abandoned sign-ins are swept here, so the table stays small without a background job.
    await db
      .deleteFrom('auth_flow_states')
      .where('account_id', '=', accountId)
      .where(sql<boolean>`created_at < now() - make_interval(mins => ${FLOW_STATE_TTL_MINUTES})`)
      .execute();
    const row = await db
      .insertInto('auth_flow_states')
      .values({
        account_id: accountId,
        provider: input.provider,
        flow: input.flow,
        code_challenge: input.codeChallenge,
        code_challenge_method: input.codeChallengeMethod,
        redirect_to: input.redirectTo,
        provider_verifier: input.providerVerifier,
        nonce: input.nonce,
        authentication_method: input.authenticationMethod,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id as string;
  },

  /** The flow a provider's callback names, locked, while it has not been through a callback yet. */
  async forCallback(db: AnyDb, accountId: string, id: string): Promise<FlowStateRow | undefined> {
    if (!UUID.test(id)) return undefined;
    return (await db
      .selectFrom('auth_flow_states')
      .select([...COLUMNS, expired])
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('auth_code', 'is', null)
      .forUpdate()
      .executeTakeFirst()) as FlowStateRow | undefined;
  },

  /** The flow a pkce grant names by its authorization code, locked so it is handed out once. */
  async forAuthCode(db: AnyDb, accountId: string, authCode: string): Promise<FlowStateRow | undefined> {
    if (!UUID.test(authCode)) return undefined;
    return (await db
      .selectFrom('auth_flow_states')
      .select([...COLUMNS, expired])
      .where('account_id', '=', accountId)
      .where('auth_code', '=', authCode)
      .forUpdate()
      .executeTakeFirst()) as FlowStateRow | undefined;
  },

  async issueCode(db: AnyDb, accountId: string, id: string, input: { authCode: string; userId: string; session: FlowSession }): Promise<void> {
    await db
      .updateTable('auth_flow_states')
      .set({ auth_code: input.authCode, user_id: input.userId, session_tokens: JSON.stringify(input.session) })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  async delete(db: AnyDb, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('auth_flow_states').where('account_id', '=', accountId).where('id', '=', id).execute();
  },
};

/** RFC 7636: the verifier must hash (s256) or be equal (plain) to the challenge given at /authorize. */
export function verifierMatches(method: string | null, challenge: string | null, verifier: string): boolean {
  if (challenge === null) return false;
  const expected = (method ?? 's256').toLowerCase() === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url');
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
