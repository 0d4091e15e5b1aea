import type { BillingPeriod } from './plan-format.js';

/** Monthly/annual switch as a pair of radio buttons, so arrow keys and screen readers just work. */
export function BillingToggle({ period, saving, onChange }: { period: BillingPeriod; saving: number; onChange: (period: BillingPeriod) => void }) {
  return (
    <fieldset className="billing-toggle">
      <legend className="visually-hidden">Billing period</legend>
      <label className={period === 'monthly' ? 'billing-option billing-option-on' : 'billing-option'}>
        <input type="radio" name="billing-period" value="monthly" checked={period === 'monthly'} onChange={() => onChange('monthly')} />
        Monthly
      </label>
      <label className={period === 'annual' ? 'billing-option billing-option-on' : 'billing-option'}>
        <input type="radio" name="billing-period" value="annual" checked={period === 'annual'} onChange={() => onChange('annual')} />
        Annual{saving > 0 ? ` (save up to ${saving}%)` : ''}
      </label>
    </fieldset>
  );
}
