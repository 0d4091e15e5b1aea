import type { SitePlan } from '@lectern/sdk';
import { annualSaving, formatPrice, type BillingPeriod } from './plan-format.js';

export interface PriceView {
  amount: string;
  /** '/month', '/year' or 'one-time'. */
  unit: string;
  note: string | null;
}

/**
 * The price a card shows for the chosen billing period. A plan sold only one way (LifeTime's one-time
 * price, a monthly-only plan) shows that price whatever the toggle says, with a note saying so.
 */
export function priceFor(plan: SitePlan, period: BillingPeriod): PriceView | null {
  if (period === 'annual' && plan.annual !== null) {
    const saving = annualSaving(plan.monthly, plan.annual);
    return { amount: formatPrice(plan.annual), unit: '/year', note: saving > 0 ? `Billed yearly. Save ${saving}%` : 'Billed yearly' };
  }
  if (plan.monthly !== null) {
    return { amount: formatPrice(plan.monthly), unit: '/month', note: period === 'annual' ? 'Monthly billing only' : 'Billed monthly' };
  }
  if (plan.annual !== null) return { amount: formatPrice(plan.annual), unit: '/year', note: 'Yearly billing only' };
  if (plan.lifetime !== null) return { amount: formatPrice(plan.lifetime), unit: 'one-time', note: 'Pay once, keep it for life' };
  return null;
}

/** The largest saving of any plan's annual price, for the toggle's label. */
export function bestAnnualSaving(plans: readonly SitePlan[]): number {
  return plans.reduce((best, plan) => Math.max(best, annualSaving(plan.monthly, plan.annual)), 0);
}
