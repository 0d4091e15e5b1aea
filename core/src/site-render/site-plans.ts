import { PLANS, type Plan } from '../plans/catalogue.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import type { SitePlan } from './contract.js';

/** Limits at or above this are the catalogue's "no fixed limit" stand-in: left out, shown as unlimited. */
const NO_FIXED_LIMIT = 1_000_000;

/**
 * The plugin that gives a limit its meaning: a limit on courses means nothing to a platform without
 * the course plugin, so the pricing page leaves it out until that plugin is installed. Limits not
 * listed (members, e-mails, storage, concurrent users) are the kernel's own.
 */
const LIMIT_PLUGINS: Readonly<Record<string, string>> = {
  courses: 'lms',
  groups: 'groups',
  funnels: 'funnels',
  // Member-to-member messages are the community plugin's.
  chats: 'groups',
  aiTokens: 'ai',
};

function limitsOf(plan: Plan, plugins: ReadonlySet<string>): Record<string, number> {
  const flat: Record<string, number> = {
    members: plan.limits.totalMembers,
    monthlyEmails: plan.limits.monthlyEmails,
    mau: plan.limits.mau,
    chats: plan.limits.chats,
    aiTokens: plan.limits.ai_tokens,
    courses: plan.limits.courses,
    groups: plan.limits.groups,
    funnels: plan.limits.funnels,
    concurrentUsers: plan.limits.concurrentUsers,
    storageMb: plan.limits.storage.storage,
  };
  const served = ([key]: [string, number]) => LIMIT_PLUGINS[key] === undefined || plugins.has(LIMIT_PLUGINS[key]);
  return Object.fromEntries(
    Object.entries(flat)
      .filter(([, value]) => value < NO_FIXED_LIMIT)
      .filter(served),
  );
}

/**
 * The plan catalogue as the provider's /pricing shows it (SPEC §9 prices, USD), told by what this
 * platform has installed: each plan's features are the add-ons of the feature catalogue (kernel
 * behaviours and installed plugins') that the plan includes, never a flag no installed code
 * honours, and its limits leave out those of absent plugins. A plugin installed later appears by
 * itself.
 */
export function sitePlans(catalogue: FeatureCatalogue, plugins: ReadonlySet<string>): SitePlan[] {
  const offered = catalogue.list();
  return Object.values(PLANS).map((plan) => ({
    id: plan.id,
    name: plan.label,
    monthly: plan.prices.monthly?.amount ?? null,
    annual: plan.prices.annual?.amount ?? null,
    lifetime: plan.prices.onetime?.amount ?? null,
    trialDays: plan.prices.monthly?.trial_days ?? plan.prices.annual?.trial_days ?? 0,
    limits: limitsOf(plan, plugins),
    features: offered.filter((info) => catalogue.availableOn(plan.id, info.feature)).map((info) => info.feature),
  }));
}
