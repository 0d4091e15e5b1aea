import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import { AuthError, authErrors } from '../auth-error.js';
import { userStore, type UserRecord } from '../user-store.js';
import type { ExternalProfile } from './upstream.js';

interface IdentityRow {
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
}

export const identityTaken = () => new AuthError(422, 'identity_already_exists', 'Identity is already linked to another user');

/** GoTrue's identity_data for an OpenID provider; also the user_metadata of a user it creates. */
function identityData(profile: ExternalProfile): Record<string, unknown> {
  const data: Record<string, unknown> = {
    iss: profile.issuer,
    sub: profile.subject,
    provider_id: profile.subject,
    email_verified: profile.emailVerified,
    phone_verified: false,
  };
  if (profile.email !== undefined) data.email = profile.email;
  if (profile.name !== undefined) {
    data.name = profile.name;
    data.full_name = profile.name;
  }
  if (profile.picture !== undefined) {
    data.picture = profile.picture;
    data.avatar_url = profile.picture;
  }
  return data;
}

/**
 * The platform user a provider's sign-in stands for, on the kernel's system connection:
 * 1. the user holding this identity (provider + subject) — only if it came from the same issuer,
 *    since providers are configured per site and one site's provider must not speak for another's;
 * 2. never the user with the same email: providers are chosen by site owners, and users are
 *    platform-wide, so a provider's word that it verified an address must not open an account
 *    that may belong to someone on other sites. Such a sign-in answers email_exists (sign in the
 *    usual way instead);
 * 3. else a new user (when the site allows sign-ups).
 */
export async function userForProfile(db: AnyDb, input: { provider: string; profile: ExternalProfile; signupEnabled: boolean }): Promise<UserRecord> {
  const { provider, profile } = input;
  const data = identityData(profile);

  const identity = (await db
    .selectFrom('auth_identities')
    .select(['id', 'user_id', 'identity_data'])
    .where('provider', '=', provider)
    .where('provider_id', '=', profile.subject)
    .executeTakeFirst()) as IdentityRow | undefined;
  if (identity !== undefined) {
    const knownIssuer = identity.identity_data.iss;
    if (typeof knownIssuer === 'string' && knownIssuer !== profile.issuer) throw identityTaken();
    await db
      .updateTable('auth_identities')
      .set({ identity_data: JSON.stringify(data), email: profile.email ?? null, last_sign_in_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', identity.id)
      .execute();
    const user = await userStore.findById(db, identity.user_id);
    if (user === undefined) throw authErrors.userNotFound();
    return user;
  }

  const existing = profile.email !== undefined ? await userStore.findByEmail(db, profile.email) : undefined;
  if (existing !== undefined) throw authErrors.emailExists();
  if (!input.signupEnabled) throw authErrors.signupDisabled();
  let user: UserRecord = await userStore.create(db, {
    ...(profile.email !== undefined ? { email: profile.email } : {}),
    data,
    confirmed: profile.emailVerified,
    provider,
  });
  if (profile.picture !== undefined) user = await userStore.update(db, user.id, { avatar: profile.picture });
  await db
    .insertInto('auth_identities')
    .values({
      user_id: user.id,
      provider,
      provider_id: profile.subject,
      identity_data: JSON.stringify(data),
      email: profile.email ?? null,
      last_sign_in_at: sql`now()`,
    })
    .execute();
  return user;
}
