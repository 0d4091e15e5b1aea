import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, type JWK, type JWTPayload } from 'jose';

type Key = Awaited<ReturnType<typeof importJWK>>;
import type { AnyDb } from '../db/database.js';

const ALG = 'ES256';
export const ACCESS_TOKEN_TTL_SECONDS = 3600;

export interface AccessClaims extends JWTPayload {
  sub: string;
  email?: string;
  phone?: string;
  role: 'authenticated' | 'anon';
  /** The account (site) the session was opened on; tokens are not accepted on other sites. */
  account_id: string;
  session_id?: string;
  aal?: 'aal1' | 'aal2';
  amr?: Array<{ method: string; timestamp: number; provider?: string }>;
  is_anonymous?: boolean;
}

/** The public key of a site (GoTrue's anon key): a token of role anon bound to the account. */
export interface AnonClaims extends JWTPayload {
  role: 'anon';
  account_id: string;
}

/**
 * Signs and verifies access tokens with an asymmetric key shared by every instance through the
 * database (the first instance to boot creates it). Verification needs no database access.
 */
export class TokenService {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: Key,
    private readonly publicKey: Key,
    readonly publicJwk: JWK,
  ) {}

  static async load(owner: AnyDb): Promise<TokenService> {
    let row = await owner.selectFrom('auth_signing_keys').selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    if (row === undefined) {
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const kid = randomUUID();
      await owner
        .insertInto('auth_signing_keys')
        .values({
          kid,
          alg: ALG,
          private_jwk: JSON.stringify(await exportJWK(privateKey)),
          public_jwk: JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' }),
        })
        .execute();
      row = await owner.selectFrom('auth_signing_keys').selectAll().orderBy('created_at', 'asc').limit(1).executeTakeFirstOrThrow();
    }
    const privateJwk = row.private_jwk as JWK;
    const publicJwk = row.public_jwk as JWK;
    return new TokenService(row.kid as string, (await importJWK(privateJwk, ALG)) as Key, (await importJWK(publicJwk, ALG)) as Key, publicJwk);
  }

  async sign(claims: Omit<AccessClaims, 'iat' | 'exp'> & Record<string, unknown>, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .setAudience('authenticated')
      .sign(this.privateKey);
  }

  /** Returns the claims of a valid, unexpired user token; throws otherwise. */
  async verify(token: string): Promise<AccessClaims> {
    const payload = await this.verifyAny(token);
    if (payload.role === 'anon') throw new Error('an anon key is not a user token');
    return payload;
  }

  /** Verifies a user token or a site's anon key. */
  async verifyAny(token: string): Promise<AccessClaims | AnonClaims> {
    const { payload } = await jwtVerify(token, this.publicKey, { algorithms: [ALG] });
    if (typeof payload.account_id !== 'string') throw new Error('token lacks account_id');
    if (payload.role === 'anon') return payload as AnonClaims;
    if (typeof payload.sub !== 'string') throw new Error('token lacks sub');
    return payload as AccessClaims;
  }

  /** A site's anon key: long-lived, role anon, bound to the account; safe to publish. */
  async anonKey(accountId: string, issuer: string): Promise<string> {
    return new SignJWT({ role: 'anon', account_id: accountId })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setIssuedAt(1_700_000_000)
      .sign(this.privateKey);
  }

  /** The JSON Web Key Set clients verify access tokens with. */
  jwks(): { keys: JWK[] } {
    return { keys: [{ ...this.publicJwk, key_ops: ['verify'] }] };
  }
}
