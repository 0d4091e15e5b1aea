import type { SitePlan } from '@lectern/sdk';
import { featureLabel, formatLimit, formatPrice, limitKeys, limitLabel } from './plan-format.js';

function price(amount: number | null): string {
  return amount === null ? '—' : formatPrice(amount);
}

/** Every plan side by side: all three prices, the trial, each limit and each feature. */
export function CompareTable({ plans }: { plans: readonly SitePlan[] }) {
  const features = [...new Set(plans.flatMap((plan) => plan.features))];
  const rows: Array<[label: string, cells: string[]]> = [
    ['Monthly price', plans.map((plan) => price(plan.monthly))],
    ['Annual price', plans.map((plan) => price(plan.annual))],
    ['One-time price', plans.map((plan) => price(plan.lifetime))],
    ['Free trial', plans.map((plan) => (plan.trialDays > 0 ? `${plan.trialDays} days` : '—'))],
    ...limitKeys(plans).map((key): [string, string[]] => [limitLabel(key), plans.map((plan) => formatLimit(key, plan.limits[key]))]),
    ...features.map((feature): [string, string[]] => [featureLabel(feature), plans.map((plan) => (plan.features.includes(feature) ? 'Included' : '—'))]),
  ];
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label="Plan comparison">
      <table className="compare-table">
        <caption>Compare plans</caption>
        <thead>
          <tr>
            <td />
            {plans.map((plan) => (
              <th key={plan.id} scope="col">
                {plan.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, cells]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {cells.map((cell, index) => (
                <td key={plans[index]?.id ?? index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
