import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { hashPassword } from '../accounts/account-admin.js';
import { iso } from './api-time.js';
import { assertMetadataBounds, presentedMetadata } from './metadata-bounds.js';
import { ownIdentities } from './own-identities.js';

/** A user row as the auth service reads it (credentials included: never leaves the kernel). */
export interface UserRecord {
  id: string;
  email: string | null;
  phone: string | null;
  display_name: string;
  avatar: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface FactorRecord {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  phone: string | null;
  created_at: Date;
  updated_at: Date;
  last_challenged_at: Date | null;
}

export interface IdentityRecord {
  id: string;
  user_id: string;
  provider: string;
  provider_id: string;
  identity_data: Record<string, unknown>;
  email: string | null;
  created_at: Date;
  updated_at: Date;
  last_sign_in_at: Date | null;
}

// A real argon2id hash of a random secret: checking a password against it costs what a real check
// costs, so unknown emails cannot be told apart by response time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(randomUUID()));

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Digits only (E.164 without the +), the form GoTrue stores and returns. */
export function normalizePhone(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  return digits;
}

/** Data access for platform-wide users. Every call takes the system connection it should use. */
export const userStore = {
  async findById(db: AnyDb, id: string): Promise<UserRecord | undefined> {
    return (await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()) as UserRecord | undefined;
  },

  async findByEmail(db: AnyDb, email: string): Promise<UserRecord | undefined> {
    return (await db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(email)`, '=', normalizeEmail(email))
      .executeTakeFirst()) as UserRecord | undefined;
  },

  async findByPhone(db: AnyDb, phone: string): Promise<UserRecord | undefined> {
    return (await db.selectFrom('users').selectAll().where('phone', '=', normalizePhone(phone)).executeTakeFirst()) as UserRecord | undefined;
  },

  async create(
    db: AnyDb,
    input: { email?: string; phone?: string; password?: string; data?: Record<string, unknown>; confirmed: boolean; anonymous?: boolean; provider: string },
  ): Promise<UserRecord> {
    const metadata = input.data ?? {};
    // Every way a user is created passes here: metadata past its bounds never reaches a token.
    assertMetadataBounds(metadata, 'data');
    const name = typeof metadata.full_name === 'string' ? metadata.full_name : typeof metadata.name === 'string' ? metadata.name : undefined;
    const row = await db
      .insertInto('users')
      .values({
        email: input.email === undefined ? null : normalizeEmail(input.email),
        phone: input.phone === undefined ? null : normalizePhone(input.phone),
        display_name: name ?? (input.email ? normalizeEmail(input.email).split('@')[0] : '') ?? '',
        encrypted_password: input.password === undefined ? null : await hashPassword(input.password),
        email_confirmed_at: input.email !== undefined && input.confirmed ? sql`now()` : null,
        phone_confirmed_at: input.phone !== undefined && input.confirmed ? sql`now()` : null,
        is_anonymous: input.anonymous ?? false,
        app_metadata: JSON.stringify({ provider: input.provider, providers: [input.provider] }),
        user_metadata: JSON.stringify(metadata),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return row as UserRecord;
  },

  /** Checks a password in constant work whether or not the user has one. */
  async verifyPassword(user: UserRecord | undefined, password: string): Promise<boolean> {
    const hash = user?.encrypted_password ?? (await getDummyHash());
    try {
      const ok = await verify(hash, password);
      return ok && user?.encrypted_password != null;
    } catch {
      return false;
    }
  },

  async update(db: AnyDb, id: string, changes: Record<string, unknown>): Promise<UserRecord> {
    return (await db
      .updateTable('users')
      .set({ ...changes, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow()) as UserRecord;
  },

  async factors(db: AnyDb, userId: string): Promise<FactorRecord[]> {
    return (await db
      .selectFrom('auth_mfa_factors')
      .select(['id', 'friendly_name', 'factor_type', 'status', 'phone', 'created_at', 'updated_at', 'last_challenged_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()) as FactorRecord[];
  },

  async identities(db: AnyDb, userId: string): Promise<IdentityRecord[]> {
    return (await db.selectFrom('auth_identities').selectAll().where('user_id', '=', userId).orderBy('created_at').execute()) as IdentityRecord[];
  },
};

/**
 * A user as GoTrue presents it (GET /user, a session's `user`): these fields always (email and phone
 * empty when the user has none), the others as toAuthUser sets them.
 */
export interface AuthUserJson {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  [field: string]: unknown;
}

/**
 * The user object of GoTrue's API (SPEC §3 Session.user), as supabase-js expects it. Access tokens
 * carry its metadata; `log` hears of metadata left out for being past the bounds.
 */
export function toAuthUser(
  user: UserRecord,
  factors: FactorRecord[] = [],
  identities: IdentityRecord[] = [],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): AuthUserJson {
  const confirmed = user.email_confirmed_at ?? user.phone_confirmed_at;
  // A value stored past the bounds (before they existed) is left out: signing it would fail (or
  // carry megabytes) on every token mint.
  const metadata = presentedMetadata(user);
  if (metadata.dropped.length > 0) {
    log?.warn({ userId: user.id, dropped: metadata.dropped }, 'auth: stored metadata past the bounds left out of the access token');
  }
  const json: AuthUserJson = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: metadata.app_metadata,
    user_metadata: metadata.user_metadata,
    // The user's own email/phone identities first (GoTrue creates them at sign-up), then outside providers'.
    identities: [
      ...ownIdentities(user),
      ...identities.map((i) => ({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        provider: i.provider,
        identity_data: i.identity_data,
        email: i.email ?? undefined,
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        last_sign_in_at: iso(i.last_sign_in_at),
      })),
    ],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
  if (user.email_confirmed_at) json.email_confirmed_at = iso(user.email_confirmed_at);
  if (user.phone_confirmed_at) json.phone_confirmed_at = iso(user.phone_confirmed_at);
  if (confirmed) json.confirmed_at = iso(confirmed);
  if (user.last_sign_in_at) json.last_sign_in_at = iso(user.last_sign_in_at);
  if (user.confirmation_sent_at) json.confirmation_sent_at = iso(user.confirmation_sent_at);
  if (user.recovery_sent_at) json.recovery_sent_at = iso(user.recovery_sent_at);
  if (factors.length > 0) {
    json.factors = factors.map((f) => ({
      id: f.id,
      friendly_name: f.friendly_name ?? '',
      factor_type: f.factor_type,
      status: f.status,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      last_challenged_at: iso(f.last_challenged_at),
      phone: f.phone ?? '',
    }));
  }
  return json;
}
