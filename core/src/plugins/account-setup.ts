import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { pluginCapsFor } from '../accounts/default-roles.js';
import type { AccountScope, PluginDefinition } from './contract.js';

/**
 * Per-account setup of the plugins behind the features that are on for an account: each plugin
 * whose recorded version differs runs its idempotent `upgradeAccount`, its default capabilities are
 * added to the account's roles, and its version is recorded. Runs in the scope's transaction (RLS on),
 * so the setup lands together with whatever switched the feature on. Returns whether any plugin ran.
 */
export async function setUpAccountPlugins(scope: AccountScope, plugins: readonly PluginDefinition[], features: ReadonlySet<string>): Promise<boolean> {
  const { db, account } = scope;
  const row = await db.selectFrom('accounts').select('plugin_versions').where('id', '=', account.id).forUpdate().executeTakeFirstOrThrow();
  const versions = { ...(row.plugin_versions as Record<string, string>) };
  let changed = false;
  for (const plugin of plugins) {
    const { feature, name, version } = plugin.manifest;
    if (feature === undefined || !features.has(feature) || versions[name] === version) continue;
    await plugin.upgradeAccount?.({ ...scope, account: { ...account, features }, hookScope: { accountId: account.id, features } }, versions[name] ?? null);
    await grantPluginCapabilities(db, account.id, plugin);
    versions[name] = version;
    changed = true;
  }
  if (changed) {
    await db
      .updateTable('accounts')
      .set({ plugin_versions: JSON.stringify(versions), updated_at: sql`now()` })
      .where('id', '=', account.id)
      .execute();
  }
  return changed;
}

/** Adds a plugin's default capabilities to the account's roles of the matching slugs (idempotent). */
async function grantPluginCapabilities(db: AnyDb, accountId: string, plugin: PluginDefinition): Promise<void> {
  const roles = await db.selectFrom('roles').select(['id', 'slug', 'caps']).where('account_id', '=', accountId).execute();
  for (const role of roles) {
    const extra = pluginCapsFor(role.slug as string, [plugin.manifest]);
    const caps = role.caps as string[];
    if (extra.every((c) => caps.includes(c))) continue;
    await db
      .updateTable('roles')
      .set({ caps: JSON.stringify([...new Set([...caps, ...extra])]) })
      .where('account_id', '=', accountId)
      .where('id', '=', role.id)
      .execute();
  }
}
