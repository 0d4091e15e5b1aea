import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import type { PluginDefinition } from '../plugins/contract.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import { pluginCapsFor } from '../accounts/default-roles.js';

const Addon = {
  type: 'object',
  required: ['feature', 'label', 'description', 'available', 'enabled'],
  properties: {
    feature: { type: 'string' },
    label: { type: 'string', description: 'i18n key' },
    description: { type: 'string' },
    plugin: { type: 'string' },
    available: { type: 'boolean', description: "included in the account's plan" },
    enabled: { type: 'boolean', description: 'switched on and available' },
  },
} as const;

interface AddonDeps {
  catalogue: FeatureCatalogue;
  plugins: readonly PluginDefinition[];
  invalidateAccount(accountId: string): Promise<void>;
  invalidateMembers(accountId: string): Promise<void>;
}

/** Owners list the add-ons and switch them on and off, within what their plan includes. */
export async function addonRoutes(app: FastifyInstance, deps: AddonDeps): Promise<void> {
  const describe = (plan: string, switches: Readonly<Record<string, boolean>>) =>
    deps.catalogue.list().map((info) => {
      const available = deps.catalogue.availableOn(plan, info.feature);
      return {
        feature: info.feature,
        label: info.label,
        description: info.description,
        ...(info.plugin === undefined ? {} : { plugin: info.plugin }),
        available,
        enabled: available && switches[info.feature] === true,
      };
    });

  app.get(
    '/api/account/addons',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: "List the account's add-ons",
        response: { 200: { type: 'object', required: ['plan', 'addons'], properties: { plan: { type: 'string' }, addons: { type: 'array', items: Addon } } } },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      return { plan: account.plan, addons: describe(account.plan, account.featureSwitches) };
    },
  );

  app.put<{ Body: { feature: string; enabled: boolean } }>(
    '/api/account/addons',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Switch an add-on on or off',
        body: {
          type: 'object',
          required: ['feature', 'enabled'],
          additionalProperties: false,
          properties: { feature: { type: 'string', minLength: 1, maxLength: 64 }, enabled: { type: 'boolean' } },
        },
        response: { 200: Addon },
      },
    },
    async (request) => {
      const ctx = request.ctx;
      const { feature, enabled } = request.body;
      const info = deps.catalogue.get(feature);
      if (info === undefined) throw new AppError(Errors.unknownFeature);
      const plan = ctx.account.plan;
      if (enabled && !deps.catalogue.availableOn(plan, feature)) throw new AppError(Errors.featureNotInPlan);

      // Lock the account row so concurrent switches apply one after the other.
      const row = await ctx.db.selectFrom('accounts').select(['features', 'plugin_versions']).where('id', '=', ctx.account.id).forUpdate().executeTakeFirstOrThrow();
      const switches = { ...(row.features as Record<string, boolean>), [feature]: enabled };
      const versions = { ...(row.plugin_versions as Record<string, string>) };
      const plugin = deps.plugins.find((p) => p.manifest.feature === feature);
      if (enabled && plugin !== undefined && versions[plugin.manifest.name] !== plugin.manifest.version) {
        // Per-account setup runs inside this transaction: the switch and the setup land together.
        const features = new Set(ctx.account.features).add(feature);
        await plugin.upgradeAccount?.({ account: { ...ctx.account, features }, db: ctx.db, hookScope: { accountId: ctx.account.id, features } }, versions[plugin.manifest.name] ?? null);
        await grantPluginCapabilities(ctx.db, ctx.account.id, plugin);
        versions[plugin.manifest.name] = plugin.manifest.version;
        ctx.afterCommit(() => deps.invalidateMembers(ctx.account.id));
      }
      await ctx.db
        .updateTable('accounts')
        .set({ features: JSON.stringify(switches), plugin_versions: JSON.stringify(versions), updated_at: sql`now()` })
        .where('id', '=', ctx.account.id)
        .execute();
      ctx.afterCommit(() => deps.invalidateAccount(ctx.account.id));
      return describe(plan, switches).find((a) => a.feature === feature);
    },
  );
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
