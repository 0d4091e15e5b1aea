import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import type { PluginManifest } from '../plugins/manifest.js';
import { isDomainName, isValidSlug } from '../tenancy/hosts.js';
import { insertAccount } from './insert-account.js';
import { memberSlug } from '../members/member-slug.js';

export interface NewAccount {
  slug: string;
  name: string;
  plan?: string;
  isPlatform?: boolean;
  customDomain?: string | null;
  features?: Record<string, boolean>;
  settings?: Record<string, unknown>;
}

export interface NewUser {
  email: string;
  password?: string;
  displayName?: string;
  emailConfirmed?: boolean;
}

/** argon2id with the library's recommended memory and time costs. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: 2 });
}

/**
 * Creates accounts, users and memberships. These cross accounts (a new account has no tenancy
 * yet), so they run as the owner; callers are the platform's own services, seeds and tests.
 */
export class AccountAdmin {
  constructor(
    private readonly owner: AnyDb,
    private readonly manifests: () => readonly PluginManifest[],
    private readonly onAccountChanged: (accountId: string) => Promise<void>,
    private readonly onMemberChanged: (accountId: string, userId: string) => Promise<void>,
  ) {}

  async createAccount(input: NewAccount): Promise<{ id: string }> {
    if (!isValidSlug(input.slug)) throw new AppError(Errors.validation, `"${input.slug}" is not a valid site slug`);
    if (input.customDomain && !isDomainName(input.customDomain)) throw new AppError(Errors.validation, `"${input.customDomain}" is not a domain name`);
    const account = await this.owner.transaction().execute(async (trx) => {
      const created = await insertAccount(trx, this.manifests(), { ...input, plan: input.plan ?? 'starter' });
      if (created === null) throw new AppError(Errors.slugTaken, `The address "${input.slug}" is already taken`);
      return { id: created.id };
    });
    await this.onAccountChanged(account.id);
    return account;
  }

  async createUser(input: NewUser): Promise<{ id: string }> {
    const row = await this.owner
      .insertInto('users')
      .values({
        email: input.email.toLowerCase(),
        display_name: input.displayName ?? input.email.split('@')[0] ?? '',
        encrypted_password: input.password === undefined ? null : await hashPassword(input.password),
        email_confirmed_at: input.emailConfirmed === false ? null : sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id as string };
  }

  /**
   * Makes sure a user exists for each address (no password, unconfirmed), so nobody else can sign
   * up with it first. Used for SUPERADMIN_EMAILS: their owners set a password through recovery.
   */
  async reserveUsers(emails: readonly string[]): Promise<string[]> {
    const created: string[] = [];
    for (const email of emails) {
      const result = await sql`
        INSERT INTO users (email, display_name) VALUES (${email.toLowerCase()}, ${email.split('@')[0] ?? ''})
        ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING`.execute(this.owner);
      if ((result.numAffectedRows ?? 0n) > 0n) created.push(email);
    }
    return created;
  }

  async addMember(accountId: string, userId: string, roleSlug?: string): Promise<void> {
    const role = await this.owner
      .selectFrom('roles')
      .select('id')
      .where('account_id', '=', accountId)
      .$call((q) => (roleSlug === undefined ? q.where('is_default', '=', true) : q.where('slug', '=', roleSlug)))
      .executeTakeFirst();
    if (role === undefined) throw new AppError(Errors.validation, `The account has no role "${roleSlug ?? 'default'}"`);
    const user = await this.owner.selectFrom('users').select(['email', 'display_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    await this.owner
      .insertInto('members')
      .values({
        account_id: accountId,
        user_id: userId,
        role_id: role.id,
        name: user.display_name,
        email: user.email,
        slug: memberSlug(accountId, { id: userId, email: user.email as string | null, display_name: user.display_name as string }),
      })
      .execute();
    await this.onMemberChanged(accountId, userId);
  }
}
