import { randomBytes } from 'node:crypto';
import type { AnyDb } from '../db/database.js';
import { hashToken } from './session-service.js';

/**
 * A one-time secret for a site's user that only a link (or the hand-off) can use: 32 random bytes,
 * stored as its sha256 in the site's one-time tokens as `link_hash`. The code column gets the hash of
 * a second secret nobody keeps, so no typed code can match it. Written through a connection that may
 * write the account's rows (the sign-up runs on the platform's site, the row belongs to the new one).
 */
export async function issueLinkSecret(
  db: AnyDb,
  input: { accountId: string; userId: string; email: string; kind: 'signup' | 'handoff'; ttlMs: number },
): Promise<string> {
  const secret = randomBytes(32).toString('hex');
  await db
    .insertInto('auth_one_time_tokens')
    .values({
      account_id: input.accountId,
      user_id: input.userId,
      kind: input.kind,
      relates_to: input.email,
      token_hash: hashToken(randomBytes(32).toString('hex')),
      link_hash: hashToken(secret),
      expires_at: new Date(Date.now() + input.ttlMs),
    })
    .execute();
  return secret;
}
