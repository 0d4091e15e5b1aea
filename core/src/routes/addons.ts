import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { type Wire } from '../schema/kit.js';
import { sql } from 'kysely';
import { AppError, Errors } from '../errors/errors.js';
import type { PluginDefinition } from '../plugins/contract.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import { setUpAccountPlugins } from '../plugins/account-setup.js';

const Addon = Type.Object({
  feature: Type.String(),
  label: Type.String({ description: 'i18n key' }),
  description: Type.String(),
  plugin: Type.Optional(Type.String()),
  available: Type.Boolean({ description: "included in the account's plan" }),
  enabled: Type.Boolean({ description: 'switched on and available' }),
});
const AddonList = Type.Object({ plan: Type.String(), addons: Type.Array(Addon) });

/** The add-on screen's wire types. */
export type AddonWire = Wire<Static<typeof Addon>>;
export type AddonListWire = Wire<Static<typeof AddonList>>;

interface AddonDeps {
  catalogue: FeatureCatalogue;
  plugins: readonly PluginDefinition[];
  invalidateAccount(accountId: string): Promise<void>;
  invalidateMembers(accountId: string): Promise<void>;
}

/** Owners list the add-ons and switch them on and off, within what their plan includes. */
export async function addonRoutes(server: FastifyInstance, deps: AddonDeps): Promise<void> {
  const app = typed(server);
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
        response: { 200: AddonList },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      return { plan: account.plan, addons: describe(account.plan, account.featureSwitches) };
    },
  );

  app.put(
    '/api/account/addons',
    {
      config: { capability: 'manage_options' },
      schema: {
        tags: ['account'],
        summary: 'Switch an add-on on or off',
        body: Type.Object({ feature: Type.String({ minLength: 1, maxLength: 64 }), enabled: Type.Boolean() }, { additionalProperties: false }),
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
      const row = await ctx.db.selectFrom('accounts').select(['features']).where('id', '=', ctx.account.id).forUpdate().executeTakeFirstOrThrow();
      const switches = { ...(row.features as Record<string, boolean>), [feature]: enabled };
      await ctx.db
        .updateTable('accounts')
        .set({ features: JSON.stringify(switches), updated_at: sql`now()` })
        .where('id', '=', ctx.account.id)
        .execute();
      if (enabled) {
        // Per-account setup runs inside this transaction: the switch and the setup land together.
        const features = new Set(ctx.account.features).add(feature);
        const ran = await setUpAccountPlugins({ account: ctx.account, db: ctx.db, hookScope: ctx.hookScope }, deps.plugins, features);
        if (ran) ctx.afterCommit(() => deps.invalidateMembers(ctx.account.id));
      }
      ctx.afterCommit(() => deps.invalidateAccount(ctx.account.id));
      return describe(plan, switches).find((a) => a.feature === feature);
    },
  );
}
