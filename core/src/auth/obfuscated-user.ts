import { randomInt, randomUUID } from 'node:crypto';
import { normalizeEmail, normalizePhone, toAuthUser, type AuthUserJson, type UserRecord } from './user-store.js';

/**
 * What a sign-up for an address that already has an account answers while the site confirms
 * addresses (GoTrue's sanitizeUser): a user that was never stored, with a fresh id, the address
 * and metadata the caller sent, and "confirmation sent just now". It is built by the same code as
 * a real new sign-up's answer, so it has the same fields, including the email or phone identity
 * a new user gets, and nobody can tell from it whether the address was taken.
 */
export function obfuscatedUser(input: { email?: string; phone?: string; data?: Record<string, unknown> }): AuthUserJson {
  const now = new Date();
  // A real sign-up's row is inserted a few milliseconds before the code goes out and stamps it.
  const created = new Date(now.getTime() - randomInt(3, 30));
  const provider = input.email !== undefined ? 'email' : 'phone';
  const fake: UserRecord = {
    id: randomUUID(),
    email: input.email !== undefined ? normalizeEmail(input.email) : null,
    phone: input.email === undefined && input.phone !== undefined ? normalizePhone(input.phone) : null,
    display_name: '',
    avatar: null,
    encrypted_password: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    last_sign_in_at: null,
    confirmation_sent_at: now,
    recovery_sent_at: null,
    banned_until: null,
    is_anonymous: false,
    app_metadata: { provider, providers: [provider] },
    user_metadata: input.data ?? {},
    created_at: created,
    updated_at: now,
  };
  return toAuthUser(fake);
}
