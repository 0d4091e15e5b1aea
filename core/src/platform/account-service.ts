import { sql } from 'kysely';
import { insertAccount } from '../accounts/insert-account.js';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import { memberSlug } from '../members/member-slug.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import type { PluginManifest } from '../plugins/manifest.js';
import { addressShapeProblem } from '../signup/site-address.js';
import { seedStarterSite, type StarterTemplate } from '../signup/starter-site.js';

/**
 * The super-admin's account operations. Every function takes the connection `withSystem` gave
 * the request: on the embedded database that is the request's own transaction, and a second
 * connection (such as AccountAdmin's owner pool) would wait behind it forever.
 */

export interface PlatformAccount {
  id: string;
  slug: string;
  name: string;
  plan: string;
  custom_domain: string | null;
  is_platform: boolean;
  suspended_at: string | null;
  features: string[];
  feature_switches: Record<string, boolean>;
  member_count: number;
  trial_ends_at: string | null;
  /** Where the site stands with the platform's bill (billing/state.ts). */
  billing_status: string;
  created_at: string;
}

export interface AccountFilter {
  search?: string;
  plan?: string;
  status?: 'active' | 'suspended';
  limit: number;
  offset: number;
}

export interface NewPlatformAccount {
  slug: string;
  name: string;
  plan: string;
  ownerEmail: string;
  ownerName?: string;
  /** The owner's password (already hashed), set only when the address has no user yet. */
  passwordHash?: string;
  /** Settings over the new site's defaults (language, currency). */
  settings?: Record<string, unknown>;
  trialEndsAt?: Date;
  /** What the starter home page leads with (default: a school). */
  template?: StarterTemplate;
  /** The add-on switches it starts with (FeatureCatalogue.startingSwitches). */
  features?: Record<string, boolean>;
}

export interface AccountChanges {
  name?: string;
  plan?: string;
  features?: Record<string, boolean>;
  suspended?: boolean;
  /** When the trial ends (ISO time), or null: no trial. */
  trial_ends_at?: string | null;
}

interface AccountListRow {
  id: string;
  slug: string;
  name: string;
  plan: string;
  custom_domain: string | null;
  is_platform: boolean;
  suspended_at: Date | string | null;
  features: Record<string, boolean>;
  member_count: number;
  trial_ends_at: Date | string | null;
  billing_status: string;
  created_at: Date | string;
  total?: number;
}

/** Makes a search term match itself literally inside ILIKE (backslash is the default escape). */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/** Runs work in one transaction, joining the caller's when the connection already is one. */
export function atomically<T>(db: AnyDb, work: (tx: AnyDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Accounts with their member counts (one grouped subquery, never a query per account). */
function accountsWithCounts(db: AnyDb) {
  const counts = db
    .selectFrom('members')
    .select(['account_id', sql<number>`count(*)::int`.as('n')])
    .groupBy('account_id')
    .as('m');
  return db
    .selectFrom('accounts as a')
    .leftJoin(counts, 'm.account_id', 'a.id')
    .select([
      'a.id',
      'a.slug',
      'a.name',
      'a.plan',
      'a.custom_domain',
      'a.is_platform',
      'a.suspended_at',
      'a.features',
      'a.trial_ends_at',
      'a.billing_status',
      'a.created_at',
      sql<number>`coalesce(m.n, 0)`.as('member_count'),
    ]);
}

function present(row: AccountListRow, catalogue: FeatureCatalogue): PlatformAccount {
  const features = row.features ?? {};
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: row.plan,
    custom_domain: row.custom_domain,
    is_platform: row.is_platform,
    suspended_at: row.suspended_at === null ? null : iso(row.suspended_at),
    features: [...catalogue.effective({ plan: row.plan, features })].sort(),
    feature_switches: features,
    member_count: Number(row.member_count),
    trial_ends_at: row.trial_ends_at === null ? null : iso(row.trial_ends_at),
    billing_status: row.billing_status,
    created_at: iso(row.created_at),
  };
}

export async function listAccounts(db: AnyDb, catalogue: FeatureCatalogue, filter: AccountFilter): Promise<{ accounts: PlatformAccount[]; total: number }> {
  let query = accountsWithCounts(db);
  if (filter.search !== undefined && filter.search.trim() !== '') {
    const pattern = likePattern(filter.search.trim());
    query = query.where((eb) => eb.or([eb('a.slug', 'ilike', pattern), eb('a.name', 'ilike', pattern), eb('a.custom_domain', 'ilike', pattern)]));
  }
  if (filter.plan !== undefined) query = query.where('a.plan', '=', filter.plan);
  if (filter.status === 'active') query = query.where('a.suspended_at', 'is', null);
  if (filter.status === 'suspended') query = query.where('a.suspended_at', 'is not', null);
  const rows = (await query
    .select(sql<number>`count(*) over ()::int`.as('total'))
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute()) as AccountListRow[];
  let total = rows[0]?.total ?? 0;
  // A page past the end has no row to carry the window count.
  if (rows.length === 0 && filter.offset > 0) {
    const counted = await query
      .clearSelect()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    total = Number(counted?.n ?? 0);
  }
  return { accounts: rows.map((row) => present(row, catalogue)), total };
}

export async function findAccount(db: AnyDb, catalogue: FeatureCatalogue, id: string): Promise<PlatformAccount | null> {
  const row = (await accountsWithCounts(db).where('a.id', '=', id).executeTakeFirst()) as AccountListRow | undefined;
  return row === undefined ? null : present(row, catalogue);
}

/** An account the caller has just created or changed (in this transaction): gone would be a 404. */
export async function getAccount(db: AnyDb, catalogue: FeatureCatalogue, id: string): Promise<PlatformAccount> {
  const account = await findAccount(db, catalogue, id);
  if (account === null) throw new AppError(Errors.accountNotFound, 'No such account');
  return account;
}

/**
 * Creates the account with the default roles, the owner's user when the address has none (with the
 * password the sign-up chose, or none: they sign in with a one-time code or set one through
 * recovery), their owner membership and the starter site, all in one transaction.
 */
export async function createPlatformAccount(
  db: AnyDb,
  manifests: readonly PluginManifest[],
  input: NewPlatformAccount,
): Promise<{ accountId: string; userId: string; email: string; newUser: boolean }> {
  const slug = input.slug;
  const problem = addressShapeProblem(slug);
  if (problem === 'invalid') throw new AppError(Errors.invalidSlug, `"${slug}" is not a valid site address (lower-case letters, digits and inner hyphens)`);
  if (problem === 'reserved') throw new AppError(Errors.invalidSlug, `"${slug}" is reserved for the platform`);
  const email = input.ownerEmail.trim().toLowerCase();
  return atomically(db, async (tx) => {
    // insertAccount answers a taken slug with null rather than a unique violation, which would abort the request's transaction.
    const account = await insertAccount(tx, manifests, {
      slug,
      name: input.name,
      plan: input.plan,
      settings: { ...input.settings, onboard: true },
      ...(input.features === undefined ? {} : { features: input.features }),
      ...(input.trialEndsAt === undefined ? {} : { trialEndsAt: input.trialEndsAt }),
    });
    if (account === null) throw new AppError(Errors.slugTaken, `The address "${slug}" is already taken`);
    const accountId = account.id;
    const ownerRole = account.roles.find((r) => r.slug === 'owner');
    if (ownerRole === undefined) throw new AppError(Errors.internal, 'The default roles have no owner role');

    const displayName = input.ownerName?.trim() || email.split('@')[0] || '';
    const created = await sql<{ id: string }>`
      INSERT INTO users (email, display_name, encrypted_password) VALUES (${email}, ${displayName}, ${input.passwordHash ?? null})
      ON CONFLICT (lower(email)) WHERE email IS NOT NULL DO NOTHING RETURNING id`.execute(tx);
    const newUser = created.rows.length > 0;
    const user = newUser
      ? { id: created.rows[0]!.id, email, display_name: displayName }
      : ((await tx
          .selectFrom('users')
          .select(['id', 'email', 'display_name'])
          .where(sql`lower(email)`, '=', email)
          .executeTakeFirstOrThrow()) as {
          id: string;
          email: string;
          display_name: string;
        });
    const memberName = input.ownerName?.trim() || user.display_name;
    await tx
      .insertInto('members')
      .values({
        account_id: accountId,
        user_id: user.id,
        role_id: ownerRole.id,
        name: memberName,
        email: user.email,
        slug: memberSlug(accountId, { id: user.id, email: user.email, display_name: memberName }),
      })
      .execute();
    // A site starts with real pages, a post and menus, never blank (issue 18).
    await seedStarterSite(tx, { accountId, authorId: user.id, siteName: input.name, template: input.template ?? 'school' });
    return { accountId, userId: user.id, email: user.email, newUser };
  });
}

/**
 * Applies a super-admin's changes. Switching a feature on needs it to be known and included in
 * the (possibly new) plan; switching off is always allowed. Switches the new plan no longer
 * includes are kept but stop being effective, so an upgrade back restores them.
 */
export async function updatePlatformAccount(db: AnyDb, catalogue: FeatureCatalogue, id: string, changes: AccountChanges): Promise<boolean> {
  return atomically(db, async (tx) => {
    const row = await tx.selectFrom('accounts').select(['plan', 'features', 'is_platform']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (row === undefined) return false;
    if (changes.suspended === true && row.is_platform === true) throw new AppError(Errors.platformNotSuspendable);
    const plan = changes.plan ?? (row.plan as string);
    const update: Record<string, unknown> = { updated_at: sql`now()` };
    if (changes.name !== undefined) update.name = changes.name;
    if (changes.plan !== undefined) update.plan = changes.plan;
    if (changes.features !== undefined) {
      for (const [feature, on] of Object.entries(changes.features)) {
        if (catalogue.get(feature) === undefined) throw new AppError(Errors.unknownFeature, `There is no add-on "${feature}"`);
        if (on && !catalogue.availableOn(plan, feature)) throw new AppError(Errors.featureNotInPlan, `The ${plan} plan does not include "${feature}"`);
      }
      update.features = JSON.stringify({ ...(row.features as Record<string, boolean>), ...changes.features });
    }
    // Keeps the first suspension time when suspended again.
    if (changes.suspended === true) update.suspended_at = sql`coalesce(suspended_at, now())`;
    if (changes.suspended === false) update.suspended_at = null;
    if (changes.trial_ends_at !== undefined) {
      update.trial_ends_at = changes.trial_ends_at === null ? null : new Date(changes.trial_ends_at);
      // A super-admin's trial (an extension brings a lapsed site back) or its end (the site is comped:
      // not billed). A site paying through the platform's shop keeps its standing.
      update.billing_status = sql`CASE WHEN billing_status IN ('trialing', 'read_only', 'suspended') THEN ${changes.trial_ends_at === null ? 'comp' : 'trialing'} ELSE billing_status END`;
      update.billing_lapsed_at = sql`CASE WHEN billing_status IN ('trialing', 'read_only', 'suspended') THEN NULL ELSE billing_lapsed_at END`;
    }
    await tx.updateTable('accounts').set(update).where('id', '=', id).execute();
    return true;
  });
}
