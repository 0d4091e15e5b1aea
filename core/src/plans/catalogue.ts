/**
 * The plan catalogue: prices, features, add-ons and limits (SPEC §6 and §9, DECISIONS "Plans").
 * The pricing page, billing and every limit check read this one table.
 */
export type PlanId = 'starter' | 'professional' | 'dedicated' | 'lifetime';

export interface PlanLimits {
  totalMembers: number;
  monthlyEmails: number;
  chats: number;
  ai_tokens: number;
  email_verify: number;
  transcribe: number;
  videos: number;
  storage: { images: number; videos: number; storage: number };
  mau: number;
  emails: number;
  courses: number;
  groups: number;
  funnels: number;
  concurrentUsers: number;
}

/** The payment providers the platform bills plans through (SPEC §3: a card provider, razorpay-type, paypal). */
export const BILLING_PROVIDERS = ['stripe', 'razorpay', 'paypal'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** SPEC §9: plans are billed through PayPal unless the platform chooses another provider. */
export const DEFAULT_PAYMENT_PROVIDER = 'paypal' satisfies BillingProvider;

/**
 * A recurring price at one provider (SPEC §3): the amount in USD, the provider's id for it (the plan
 * or price the platform's account at that provider holds), how many periods the subscription runs
 * and the free trial before the first charge.
 */
export interface PlanPrice {
  amount: number;
  price_id: string;
  iterations: number;
  trial_days: number;
}

/** A plan's prices at one provider; `onetime` is a single payment (LifeTime, and Starter's razorpay option). */
export interface ProviderPricing {
  monthly?: PlanPrice;
  annual?: PlanPrice;
  onetime?: { amount: number; price_id: string };
}

export interface Plan {
  id: PlanId;
  label: string;
  description: string;
  /** Built-in features of the plan. */
  features: string[];
  /** Add-ons owners may switch on; '*' means every add-on. */
  addons: string[] | '*';
  /** The prices shown (the default provider's). */
  prices: ProviderPricing;
  /** The prices at each provider, with the provider's ids. */
  pricing: Record<BillingProvider, ProviderPricing>;
  limits: PlanLimits;
}

/**
 * The same recurring terms at every provider, each with the id that provider knows the price by
 * (`<provider prefix>_<plan>_<period>`: the ids the platform creates in its provider accounts).
 */
function pricingOf(
  plan: PlanId,
  terms: { monthly?: Omit<PlanPrice, 'price_id'>; annual?: Omit<PlanPrice, 'price_id'>; onetime?: number },
  extra: Partial<Record<BillingProvider, Pick<ProviderPricing, 'onetime'>>> = {},
): Record<BillingProvider, ProviderPricing> {
  const ids: Record<BillingProvider, (period: string) => string> = {
    stripe: (period) => `price_${plan}_${period}`,
    razorpay: (period) => `plan_${plan}_${period}`,
    paypal: (period) => `P-${plan.toUpperCase()}-${period.toUpperCase()}`,
  };
  const at = (provider: BillingProvider): ProviderPricing => {
    const id = ids[provider];
    return {
      ...(terms.monthly === undefined ? {} : { monthly: { ...terms.monthly, price_id: id('monthly') } }),
      ...(terms.annual === undefined ? {} : { annual: { ...terms.annual, price_id: id('annual') } }),
      ...(terms.onetime === undefined ? {} : { onetime: { amount: terms.onetime, price_id: id('onetime') } }),
      ...extra[provider],
    };
  };
  return { stripe: at('stripe'), razorpay: at('razorpay'), paypal: at('paypal') };
}

/** A large number standing in for "no fixed limit" where SPEC gives none for a paid plan. */
const OPEN = 1_000_000;

const starterFeatures = ['ai', 'aiques', 'emails'];
const professionalFeatures = [...starterFeatures, 'forms', 'unittimings', 'attendance', 'parents', 'commissions'];

const starterLimits: PlanLimits = {
  totalMembers: 10000,
  monthlyEmails: 10000,
  chats: 100,
  ai_tokens: 1000,
  email_verify: 1000,
  transcribe: 60,
  videos: 100,
  storage: { images: 1024, videos: 1024, storage: 1024 },
  mau: 10000,
  emails: 10000,
  courses: OPEN,
  groups: OPEN,
  funnels: OPEN,
  concurrentUsers: 50,
};

const professionalLimits: PlanLimits = {
  ...starterLimits,
  totalMembers: 100000,
  monthlyEmails: 100000,
  chats: 1000,
  ai_tokens: 10000,
  email_verify: 10000,
  transcribe: 600,
  videos: 1000,
  storage: { images: 10240, videos: 10240, storage: 10240 },
  mau: 100000,
  emails: 100000,
  concurrentUsers: 100,
};

const double = (limits: PlanLimits): PlanLimits =>
  ({
    ...Object.fromEntries(Object.entries(limits).map(([k, v]) => [k, typeof v === 'number' ? Math.min(v * 2, OPEN) : v])),
    storage: { images: limits.storage.images * 2, videos: limits.storage.videos * 2, storage: limits.storage.storage * 2 },
    concurrentUsers: 500,
  }) as PlanLimits;

/** A plan's prices: per provider, and those shown (the default provider's). */
function priced(plan: PlanId, terms: Parameters<typeof pricingOf>[1], extra?: Parameters<typeof pricingOf>[2]): Pick<Plan, 'prices' | 'pricing'> {
  const pricing = pricingOf(plan, terms, extra);
  return { prices: pricing[DEFAULT_PAYMENT_PROVIDER], pricing };
}

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    label: 'Starter',
    description: 'Everything to launch a site with courses and a store',
    features: starterFeatures,
    addons: ['certificates', 'zoom'],
    // SPEC §3: the razorpay Starter plan can also be paid once (a year's price, for cards without recurring mandates).
    ...priced(
      'starter',
      { monthly: { amount: 29, iterations: 48, trial_days: 30 }, annual: { amount: 299, iterations: 4, trial_days: 30 } },
      { razorpay: { onetime: { amount: 299, price_id: 'plan_starter_onetime' } } },
    ),
    limits: starterLimits,
  },
  professional: {
    id: 'professional',
    label: 'Professional',
    description: 'Forms, commissions and every add-on for growing schools',
    features: professionalFeatures,
    addons: '*',
    ...priced('professional', { monthly: { amount: 99, iterations: 24, trial_days: 30 }, annual: { amount: 999, iterations: 2, trial_days: 30 } }),
    limits: professionalLimits,
  },
  dedicated: {
    id: 'dedicated',
    label: 'Dedicated',
    description: 'Every Professional feature on dedicated capacity',
    features: professionalFeatures,
    addons: '*',
    ...priced('dedicated', { monthly: { amount: 49, iterations: 24, trial_days: 30 }, annual: { amount: 499, iterations: 2, trial_days: 30 } }),
    limits: double(professionalLimits),
  },
  lifetime: {
    id: 'lifetime',
    label: 'LifeTime',
    description: "Starter's features for a one-time price",
    features: starterFeatures,
    addons: ['certificates', 'zoom'],
    ...priced('lifetime', { onetime: 19 }),
    limits: {
      ...starterLimits,
      ai_tokens: 500,
      mau: 5000,
      emails: 5000,
      monthlyEmails: 5000,
      chats: 50,
      courses: 10,
      groups: 3,
      funnels: 3,
      storage: { images: 512, videos: 512, storage: 512 },
      concurrentUsers: 50,
    },
  },
};

export function findPlan(id: string): Plan | undefined {
  return Object.hasOwn(PLANS, id) ? PLANS[id as PlanId] : undefined;
}

/**
 * The prices a plan is charged at through `provider`: that provider's own (Starter's one-time price
 * is Razorpay's alone), or the prices shown for any other way to pay (a bank transfer).
 */
export function pricesThrough(plan: Plan, provider: string): ProviderPricing {
  return (BILLING_PROVIDERS as readonly string[]).includes(provider) ? plan.pricing[provider as BillingProvider] : plan.prices;
}

/** The amount (USD) of a plan per month, year or once through `provider`; undefined when it is not sold so. */
export function priceOf(planId: string, interval: 'month' | 'year' | 'once', provider: string): number | undefined {
  const plan = findPlan(planId);
  if (plan === undefined) return undefined;
  const prices = pricesThrough(plan, provider);
  return (interval === 'once' ? prices.onetime : interval === 'month' ? prices.monthly : prices.annual)?.amount;
}

/** Limits of a plan; an unknown plan gets 0 for everything. */
export function planLimit(planId: string, key: Exclude<keyof PlanLimits, 'storage'>): number {
  return findPlan(planId)?.limits[key] ?? 0;
}

/**
 * Whether a plan includes a feature: built in, every add-on (Professional, Dedicated), listed by the
 * plugin that provides it as included in this plan, or one of the plan's named add-ons. An unknown
 * plan includes nothing.
 */
export function planIncludes(planId: string, feature: string, pluginPlans?: readonly string[]): boolean {
  const plan = findPlan(planId);
  if (plan === undefined) return false;
  if (plan.features.includes(feature) || plan.addons === '*') return true;
  if (pluginPlans !== undefined) return pluginPlans.includes(plan.id);
  return plan.addons.includes(feature);
}
