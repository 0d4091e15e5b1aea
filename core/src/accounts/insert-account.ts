import type { AnyDb } from '../db/database.js';
import type { PluginManifest } from '../plugins/manifest.js';
import { defaultRoles } from './default-roles.js';

export interface AccountRowInput {
  slug: string;
  name: string;
  plan: string;
  isPlatform?: boolean;
  customDomain?: string | null;
  features?: Record<string, boolean>;
  /** Merged over the defaults every new site starts with. */
  settings?: Record<string, unknown>;
  /** When the sign-up trial ends; absent: no trial. */
  trialEndsAt?: Date;
}

/** The settings a new site starts with (SPEC §9: USD, English, logo width 4 × 16 px). */
export function defaultSiteSettings(name: string): Record<string, unknown> {
  return { sitetitle: name, currency: 'USD', defaultLanguage: 'en', logo_width: 4 };
}

/**
 * Inserts an account and its default roles through `db` (run it inside a transaction). Resolves to
 * the new id and roles, or null when the slug is taken: no unique violation is raised, so a caller's
 * transaction stays usable and it can answer with its own error.
 */
export async function insertAccount(
  db: AnyDb,
  manifests: readonly PluginManifest[],
  input: AccountRowInput,
): Promise<{ id: string; roles: Array<{ id: string; slug: string }> } | null> {
  const row = await db
    .insertInto('accounts')
    .values({
      slug: input.slug,
      name: input.name,
      plan: input.plan,
      is_platform: input.isPlatform ?? false,
      custom_domain: input.customDomain?.toLowerCase() ?? null,
      features: JSON.stringify(input.features ?? {}),
      settings: JSON.stringify({ ...defaultSiteSettings(input.name), ...input.settings }),
      trial_ends_at: input.trialEndsAt ?? null,
      // A site on a trial is billed once it ends; one without (the platform's, a super-admin's comp) is not.
      billing_status: input.trialEndsAt === undefined ? 'comp' : 'trialing',
    })
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row === undefined) return null;
  const id = row.id as string;
  const roles = await db
    .insertInto('roles')
    .values(
      defaultRoles(manifests).map((role) => ({
        account_id: id,
        slug: role.slug,
        name: role.name,
        caps: JSON.stringify(role.caps),
        is_default: role.isDefault,
      })),
    )
    .returning(['id', 'slug'])
    .execute();
  return { id, roles: roles as Array<{ id: string; slug: string }> };
}
