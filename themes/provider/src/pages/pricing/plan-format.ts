/**
 * How the pricing page words a plan's numbers. Prices come from the kernel's catalogue in whole
 * US dollars (SPEC §9); a limit at or above OPEN_LIMIT is the catalogue's "no fixed limit".
 */
export const OPEN_LIMIT = 1_000_000;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

export function formatPrice(amount: number): string {
  return usd.format(amount);
}

export type BillingPeriod = 'monthly' | 'annual';

/** What an annual plan saves against twelve monthly payments, as a whole percent (0 when none). */
export function annualSaving(monthly: number | null, annual: number | null): number {
  if (monthly === null || annual === null || monthly <= 0) return 0;
  const saving = 1 - annual / (monthly * 12);
  return saving > 0 ? Math.floor(saving * 100) : 0;
}

/**
 * Limit keys the page knows how to name, in the order it lists them (core/src/site-render/site-plans.ts
 * names them). The kernel leaves out a limit the plan does not cap, so a missing key is unlimited.
 */
const LIMIT_LABELS: ReadonlyArray<[key: string, label: string]> = [
  ['members', 'Members'],
  ['mau', 'Monthly active users'],
  ['monthlyEmails', 'Emails per month'],
  ['courses', 'Courses'],
  ['groups', 'Groups'],
  ['funnels', 'Funnels'],
  ['storageMb', 'Storage'],
  ['concurrentUsers', 'Concurrent users'],
  ['aiTokens', 'AI tokens'],
  ['chats', 'Chats'],
];

/** Keys whose figures are megabytes. */
const MEGABYTE_KEYS = new Set(['storageMb']);

/** Keys the page shows for these plans: the known ones first, then any new ones the kernel sends. */
export function limitKeys(plans: ReadonlyArray<{ limits: Record<string, number> }>): string[] {
  const present = new Set(plans.flatMap((plan) => Object.keys(plan.limits)));
  const known = LIMIT_LABELS.map(([key]) => key).filter((key) => present.has(key));
  const rest = [...present].filter((key) => !LIMIT_LABELS.some(([name]) => name === key)).sort();
  return [...known, ...rest];
}

export function limitLabel(key: string): string {
  const known = LIMIT_LABELS.find(([candidate]) => candidate === key);
  if (known !== undefined) return known[1];
  const words = key
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A plan's limit in words; a limit the plan leaves out (or the catalogue's open value) is unlimited. */
export function formatLimit(key: string, value: number | undefined): string {
  if (value === undefined || value >= OPEN_LIMIT) return 'Unlimited';
  if (!Number.isFinite(value)) return '—';
  // DECISIONS "Plans": a limit of 0 on a known plan means the plan does not include it.
  if (value <= 0) return 'Not included';
  if (MEGABYTE_KEYS.has(key)) return value >= 1024 ? `${count.format(Math.round((value / 1024) * 10) / 10)} GB` : `${count.format(value)} MB`;
  return count.format(value);
}

const FEATURE_LABELS: Record<string, string> = {
  ai: 'AI writing assistant',
  aiques: 'AI quiz questions',
  emails: 'Email campaigns',
  forms: 'Forms',
  unittimings: 'Timed lessons',
  attendance: 'Attendance',
  parents: 'Parent accounts',
  commissions: 'Affiliate commissions',
  lms: 'Courses',
  single_session: 'One session per member',
  certificates: 'Certificates',
  zoom: 'Zoom meetings',
  gamification: 'Gamification',
  automation: 'Automations',
  affiliates: 'Affiliates',
  drive: 'Drive',
};

export function featureLabel(feature: string): string {
  return Object.hasOwn(FEATURE_LABELS, feature) ? (FEATURE_LABELS[feature] as string) : limitLabel(feature);
}
