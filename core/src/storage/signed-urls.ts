import type { TokenService } from '../auth/tokens.js';

const PURPOSE = 'storage.object';

/**
 * Signed URLs carry a short JWT from the kernel's key, bound to the account, bucket and path and
 * expiring with the link. It has role "anon", so presented as a bearer token it means "nobody":
 * it can open this one object and nothing else.
 */
export function signObjectUrl(tokens: TokenService, accountId: string, bucket: string, path: string, expiresIn: number): Promise<string> {
  return tokens.sign({ sub: `storage:${bucket}/${path}`, role: 'anon', account_id: accountId, purpose: PURPOSE, url: `${bucket}/${path}` }, expiresIn);
}

/** True when the token was signed for exactly this object of this account and has not expired. */
export async function verifyObjectUrl(tokens: TokenService, token: string, accountId: string, bucket: string, path: string): Promise<boolean> {
  try {
    const claims = (await tokens.verifyAny(token)) as Record<string, unknown>;
    return claims.purpose === PURPOSE && claims.account_id === accountId && claims.url === `${bucket}/${path}`;
  } catch {
    return false;
  }
}
