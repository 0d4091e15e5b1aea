import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { pluginCapsFor } from '../accounts/default-roles.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountScope, PluginDefinition, ProvisionedSite } from './contract.js';

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

/**
 * A new site's plugins set it up (their per-account setup), then each plugin whose feature is on
 * adds its starting content (`provisionAccount`) in a transaction of its own: one plugin's failure
 * is logged and leaves the others' content and the site itself in place. Returns whether any
 * plugin's setup ran (the caller forgets cached memberships then: roles gained capabilities).
 */
export async function provisionNewSite(
  inAccount: <T>(accountId: string, work: (scope: AccountScope) => Promise<T>) => Promise<T>,
  plugins: readonly PluginDefinition[],
  accountId: string,
  site: ProvisionedSite,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const ran = await inAccount(accountId, (scope) => setUpAccountPlugins(scope, plugins, scope.account.features));
  for (const plugin of plugins) {
    if (plugin.provisionAccount === undefined) continue;
    const provision = plugin.provisionAccount.bind(plugin);
    try {
      await inAccount(accountId, async (scope) => {
        const feature = plugin.manifest.feature;
        if (feature !== undefined && !scope.account.features.has(feature)) return;
        await provision(scope, site);
      });
    } catch (error) {
      log.error({ err: error, plugin: plugin.manifest.name, accountId }, 'a plugin could not add its starting content to a new site');
    }
  }
  return ran;
}
