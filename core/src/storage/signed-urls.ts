import type { TokenService } from '../auth/tokens.js';

const PURPOSE = 'storage.object';
const UPLOAD_PURPOSE = 'storage.upload';

/** How long a signed upload URL stays valid: two hours, as storage-js documents and storage-api signs. */
const SIGNED_UPLOAD_EXPIRES_IN = 2 * 60 * 60;

/** What a signed URL may carry besides the object: the image transform it serves. */
export interface SignedTransform {
  width?: number;
}

/**
 * Signed URLs carry a short JWT from the kernel's key, bound to the account, bucket and path and
 * expiring with the link. It has role "anon", so presented as a bearer token it means "nobody":
 * it can open this one object and nothing else. A link made with a transform carries it, so the
 * token, not the query string, decides what is served.
 */
export function signObjectUrl(
  tokens: TokenService,
  accountId: string,
  bucket: string,
  path: string,
  expiresIn: number,
  transform?: SignedTransform,
): Promise<string> {
  const claims = { sub: `storage:${bucket}/${path}`, role: 'anon' as const, account_id: accountId, purpose: PURPOSE, url: `${bucket}/${path}` };
  return tokens.sign(transform === undefined ? claims : { ...claims, transform }, expiresIn);
}

/** The token's transform when it was signed for exactly this object of this account and has not expired; null otherwise. */
export async function verifyObjectUrl(
  tokens: TokenService,
  token: string,
  accountId: string,
  bucket: string,
  path: string,
): Promise<{ transform: SignedTransform | null } | null> {
  const claims = await verifiedClaims(tokens, token);
  if (claims === null || claims.purpose !== PURPOSE || claims.account_id !== accountId || claims.url !== `${bucket}/${path}`) return null;
  const transform = claims.transform as { width?: unknown } | undefined;
  return { transform: typeof transform?.width === 'number' ? { width: transform.width } : null };
}

/**
 * A signed upload URL's token (storage-js createSignedUploadUrl): whoever holds it may upload
 * this one path once it is checked like any upload, as the member who asked for it, and replace
 * an existing object only when the link was made with upsert.
 */
export function signUploadUrl(tokens: TokenService, accountId: string, bucket: string, path: string, owner: string, upsert: boolean): Promise<string> {
  return tokens.sign(
    { sub: `storage-upload:${bucket}/${path}`, role: 'anon', account_id: accountId, purpose: UPLOAD_PURPOSE, url: `${bucket}/${path}`, owner, upsert },
    SIGNED_UPLOAD_EXPIRES_IN,
  );
}

export async function verifyUploadUrl(
  tokens: TokenService,
  token: string,
  accountId: string,
  bucket: string,
  path: string,
): Promise<{ owner: string; upsert: boolean } | null> {
  const claims = await verifiedClaims(tokens, token);
  if (
    claims === null ||
    claims.purpose !== UPLOAD_PURPOSE ||
    claims.account_id !== accountId ||
    claims.url !== `${bucket}/${path}` ||
    typeof claims.owner !== 'string'
  )
    return null;
  return { owner: claims.owner, upsert: claims.upsert === true };
}

async function verifiedClaims(tokens: TokenService, token: string): Promise<Record<string, unknown> | null> {
  try {
    return (await tokens.verifyAny(token)) as Record<string, unknown>;
  } catch {
    return null;
  }
}
