import type { SitePlan } from '@lectern/sdk';
import { featureLabel, formatLimit, type BillingPeriod } from './plan-format.js';
import { priceFor } from './plan-price.js';

/** The few limits a card names; the comparison table lists all of them. */
const CARD_LIMITS: ReadonlyArray<[key: string, noun: string]> = [
  ['members', 'members'],
  ['monthlyEmails', 'emails a month'],
  ['courses', 'courses'],
  ['storageMb', 'storage'],
  ['concurrentUsers', 'concurrent users'],
];

/** `limitKeys`: the limits the catalogue speaks of at all; a key one plan lacks is unlimited there. */
export function PlanCard({ plan, period, featured, limitKeys }: { plan: SitePlan; period: BillingPeriod; featured: boolean; limitKeys: readonly string[] }) {
  const price = priceFor(plan, period);
  const headingId = `plan-${plan.id}`;
  const signup = `/signup?plan=${encodeURIComponent(plan.id)}${price?.unit === '/year' ? '&period=annual' : ''}`;
  return (
    <article className={featured ? 'plan-card plan-card-featured' : 'plan-card'} aria-labelledby={headingId} data-plan={plan.id}>
      <h2 id={headingId} className="plan-name">
        {plan.name}
      </h2>
      {featured && <p className="plan-badge">Most popular</p>}
      {price === null ? (
        <p className="plan-price">Contact us</p>
      ) : (
        <p className="plan-price">
          <span className="plan-amount">{price.amount}</span> <span className="plan-unit">{price.unit}</span>
        </p>
      )}
      {price?.note != null && <p className="plan-note">{price.note}</p>}
      <p className="plan-trial">{plan.trialDays > 0 ? `${plan.trialDays}-day free trial` : 'No trial needed'}</p>
      <a className="button button--primary plan-cta" href={signup}>
        {plan.trialDays > 0 ? 'Start free trial' : `Get ${plan.name}`}
      </a>
      <ul className="plan-limits">
        {CARD_LIMITS.filter(([key]) => limitKeys.includes(key)).map(([key, noun]) => (
          <li key={key}>
            <strong>{formatLimit(key, plan.limits[key])}</strong> {noun}
          </li>
        ))}
      </ul>
      {plan.features.length > 0 && (
        <ul className="plan-features" aria-label={`${plan.name} features`}>
          {plan.features.map((feature) => (
            <li key={feature}>{featureLabel(feature)}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
