import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import { PLANS } from '../../plans/catalogue.js';
import type { FeatureCatalogue } from '../../plugins/features.js';
import { KERNEL_FEATURES } from '../../plugins/features.js';
import { KERNEL_VERSION } from '../../version.js';
import type { PlatformDeps } from '../index.js';
import { PluginList } from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

const PLAN_IDS = Object.keys(PLANS);

/**
 * Accounts where each feature is in effect, in one pass over the accounts: built into the plan,
 * or switched on and included in it (the rule FeatureCatalogue.effective applies per account).
 */
async function featureUsage(db: AnyDb, catalogue: FeatureCatalogue, features: readonly string[]): Promise<{ all: number; byFeature: Map<string, number> }> {
  const columns = features.map((feature, index) => {
    const builtIn = PLAN_IDS.filter((plan) => PLANS[plan as keyof typeof PLANS].features.includes(feature));
    const available = PLAN_IDS.filter((plan) => catalogue.availableOn(plan, feature));
    const match = sql`(plan = ANY(${builtIn}::text[]) OR (features->>${feature} = 'true' AND plan = ANY(${available}::text[])))`;
    return sql`count(*) FILTER (WHERE ${match})::int AS ${sql.ref(`f${index}`)}`;
  });
  const { rows } = await sql<
    Record<string, number>
  >`SELECT count(*)::int AS all_accounts${sql.raw(features.length > 0 ? ', ' : '')}${sql.join(columns, sql`, `)} FROM accounts`.execute(db);
  const row = rows[0] ?? {};
  return { all: Number(row.all_accounts ?? 0), byFeature: new Map(features.map((feature, index) => [feature, Number(row[`f${index}`] ?? 0)])) };
}

/** The plugin catalogue: what is installed, which plans include it, and how many accounts use it. */
export async function pluginRoutes(server: FastifyInstance, deps: Pick<PlatformDeps, 'catalogue' | 'plugins'>): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/plugins',
    {
      config: PLATFORM_ADMIN,
      schema: { tags: ['platform'], summary: 'Installed plugins and kernel features with their plans and usage', response: { 200: PluginList } },
    },
    async (request) => {
      const { catalogue, plugins } = deps;
      const features = [...KERNEL_FEATURES.map((f) => f.feature), ...plugins.flatMap((p) => (p.manifest.feature === undefined ? [] : [p.manifest.feature]))];
      const usage = await request.ctx.withSystem('platform: count feature usage', (db) => featureUsage(db, catalogue, features));
      const plansFor = (feature: string) => PLAN_IDS.filter((plan) => catalogue.availableOn(plan, feature));
      return {
        plugins: [
          ...KERNEL_FEATURES.map((info) => ({
            kind: 'kernel' as const,
            name: info.feature,
            version: KERNEL_VERSION,
            description: info.description,
            feature: info.feature,
            plans: plansFor(info.feature),
            accounts_using: usage.byFeature.get(info.feature) ?? 0,
          })),
          ...plugins.map(({ manifest }) => ({
            kind: 'plugin' as const,
            name: manifest.name,
            version: manifest.version,
            description: manifest.description ?? '',
            feature: manifest.feature ?? null,
            // A plugin without a feature is on for every account on every plan.
            plans: manifest.feature === undefined ? PLAN_IDS : plansFor(manifest.feature),
            accounts_using: manifest.feature === undefined ? usage.all : (usage.byFeature.get(manifest.feature) ?? 0),
          })),
        ],
      };
    },
  );
}
