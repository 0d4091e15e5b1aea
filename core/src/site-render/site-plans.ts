import { PLANS, type Plan } from '../plans/catalogue.js';
import type { SitePlan } from './contract.js';

/** Limits at or above this are the catalogue's "no fixed limit" stand-in: left out, shown as unlimited. */
const NO_FIXED_LIMIT = 1_000_000;

function limitsOf(plan: Plan): Record<string, number> {
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
  return Object.fromEntries(Object.entries(flat).filter(([, value]) => value < NO_FIXED_LIMIT));
}

/** The plan catalogue as the provider's /pricing shows it (SPEC §9 prices, USD). */
export const SITE_PLANS: readonly SitePlan[] = Object.values(PLANS).map((plan) => ({
  id: plan.id,
  name: plan.label,
  monthly: plan.prices.monthly?.amount ?? null,
  annual: plan.prices.annual?.amount ?? null,
  lifetime: plan.prices.onetime?.amount ?? null,
  trialDays: plan.prices.monthly?.trial_days ?? plan.prices.annual?.trial_days ?? 0,
  limits: limitsOf(plan),
  features: [...plan.features],
}));
