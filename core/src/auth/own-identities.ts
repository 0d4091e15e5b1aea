import { stableUuid } from '../db/stable-uuid.js';
import { iso } from './api-time.js';
import type { UserRecord } from './user-store.js';

/** Providers that are the user's own address rather than an outside account (OAuth, SSO). */
const OWN_PROVIDERS = new Set(['email', 'phone', 'anonymous']);

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at?: string;
  created_at?: string;
  updated_at?: string;
  email?: string;
}

/** A stable id for the user's email or phone identity: the same user and provider always give the same id. */
const identityId = (userId: string, provider: string) => stableUuid(`identity:${userId}:${provider}`);

/**
 * The `email` and `phone` identities GoTrue lists in `user.identities` for a user who signs in
 * with their own address: provider_id (`id`) and `identity_data.sub` are the user's id, and the
 * verified flags follow the address's confirmation. They are derived from the user's row rather
 * than stored, so they always match its current address (after an email or phone change too).
 * A user who came from an outside provider only (OAuth, SSO) has no email identity, as in GoTrue.
 */
export function ownIdentities(user: UserRecord): IdentityJson[] {
  const providers = Array.isArray(user.app_metadata?.providers) ? (user.app_metadata.providers as unknown[]) : [];
  const outsideOnly = providers.length > 0 && providers.every((p) => typeof p === 'string' && !OWN_PROVIDERS.has(p));
  const base = (provider: string) => ({
    identity_id: identityId(user.id, provider),
    id: user.id,
    user_id: user.id,
    provider,
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
  });
  const identities: IdentityJson[] = [];
  if (user.email !== null && user.email !== '' && !outsideOnly) {
    identities.push({
      ...base('email'),
      identity_data: { sub: user.id, email: user.email, email_verified: user.email_confirmed_at !== null, phone_verified: false },
      email: user.email,
    });
  }
  if (user.phone !== null && user.phone !== '') {
    identities.push({
      ...base('phone'),
      identity_data: { sub: user.id, phone: user.phone, email_verified: false, phone_verified: user.phone_confirmed_at !== null },
    });
  }
  return identities;
}
