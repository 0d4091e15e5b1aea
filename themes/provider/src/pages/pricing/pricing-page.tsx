import { useState } from 'react';
import type { SitePlan } from '@lectern/sdk';
import { BillingToggle } from './billing-toggle.js';
import { CompareTable } from './compare-table.js';
import { PlanCard } from './plan-card.js';
import { limitKeys, type BillingPeriod } from './plan-format.js';
import { bestAnnualSaving } from './plan-price.js';

/** The plan the page highlights, when the catalogue has it. */
const FEATURED_PLAN = 'professional';

/** Every plan of the kernel's catalogue (SPEC §9), never prices written into the page. */
export function PricingPage({ plans }: { plans: readonly SitePlan[] }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const keys = limitKeys(plans);
  return (
    <>
      <section className="page-hero">
        <h1>Pricing</h1>
        <p className="lead">Start with a free trial on any subscription plan. Pay monthly, save with annual billing, or pay once with LifeTime.</p>
      </section>
      {plans.length === 0 ? (
        <p className="section-text">Our plans are being updated. Please check back shortly.</p>
      ) : (
        <>
          <BillingToggle period={period} saving={bestAnnualSaving(plans)} onChange={setPeriod} />
          <div className="plan-grid">
            {plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} period={period} featured={plan.id === FEATURED_PLAN} limitKeys={keys} />
            ))}
          </div>
          <CompareTable plans={plans} />
        </>
      )}
      <section className="section">
        <h2>Questions</h2>
        <dl className="faq">
          <dt>What happens when the trial ends?</dt>
          <dd>Your subscription starts on the billing period you chose. Cancel before the trial ends and you are not charged.</dd>
          <dt>Can I change plans later?</dt>
          <dd>Yes. Change your plan whenever you need to from Billing in your dashboard.</dd>
          <dt>What are add-ons?</dt>
          <dd>
            Extras you switch on under Add-ons in your dashboard when you need them; your plan decides which ones are included. Read about each one in the{' '}
            <a href="/docs">docs</a>.
          </dd>
        </dl>
      </section>
    </>
  );
}
