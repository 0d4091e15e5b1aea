import { describe, expect, it } from 'vitest';
import { BILLING_PROVIDERS, DEFAULT_PAYMENT_PROVIDER, PLANS, findPlan, planLimit } from './catalogue.js';

/** SPEC §9 "Plans" and §3 "Plan", figure by figure. */
describe('the plan catalogue', () => {
  const recurring = (id: keyof typeof PLANS) =>
    BILLING_PROVIDERS.map((provider) => {
      const pricing = PLANS[id].pricing[provider];
      return [
        provider,
        pricing.monthly?.amount,
        pricing.monthly?.iterations,
        pricing.annual?.amount,
        pricing.annual?.iterations,
        pricing.monthly?.trial_days,
        pricing.annual?.trial_days,
      ];
    });

  it('prices Starter, Professional and Dedicated monthly and annually with their iterations and 30 trial days, at every provider', () => {
    expect(recurring('starter')).toEqual(BILLING_PROVIDERS.map((p) => [p, 29, 48, 299, 4, 30, 30]));
    expect(recurring('professional')).toEqual(BILLING_PROVIDERS.map((p) => [p, 99, 24, 999, 2, 30, 30]));
    expect(recurring('dedicated')).toEqual(BILLING_PROVIDERS.map((p) => [p, 49, 24, 499, 2, 30, 30]));
  });

  it("gives every price its provider's id, and Starter a one-time price at razorpay only", () => {
    for (const plan of Object.values(PLANS)) {
      for (const provider of BILLING_PROVIDERS) {
        const pricing = plan.pricing[provider];
        for (const price of [pricing.monthly, pricing.annual, pricing.onetime]) if (price !== undefined) expect(price.price_id).toMatch(/^\S+$/);
      }
    }
    expect(PLANS.starter.pricing.razorpay.onetime?.amount).toBeGreaterThan(0);
    expect(PLANS.starter.pricing.stripe.onetime).toBeUndefined();
    expect(PLANS.starter.pricing.paypal.onetime).toBeUndefined();
    const ids = Object.values(PLANS).flatMap((plan) =>
      BILLING_PROVIDERS.flatMap((provider) => [plan.pricing[provider].monthly, plan.pricing[provider].annual, plan.pricing[provider].onetime]),
    );
    const priceIds = ids.filter((price) => price !== undefined).map((price) => price.price_id);
    expect(new Set(priceIds).size).toBe(priceIds.length);
  });

  it('sells LifeTime once for 19 with its own limits', () => {
    for (const provider of BILLING_PROVIDERS) expect(PLANS.lifetime.pricing[provider]).toEqual({ onetime: { amount: 19, price_id: expect.any(String) } });
    expect(PLANS.lifetime.limits).toMatchObject({ ai_tokens: 500, mau: 5000, emails: 5000, chats: 50, courses: 10, groups: 3, funnels: 3 });
    expect(PLANS.lifetime.limits.storage.storage).toBe(512);
  });

  it('has the limits SPEC gives Starter and Professional', () => {
    expect(PLANS.starter.limits).toMatchObject({ totalMembers: 10000, monthlyEmails: 10000, chats: 100, ai_tokens: 1000 });
    expect(PLANS.starter.limits.storage.storage).toBe(1024);
    expect(PLANS.professional.limits).toMatchObject({ totalMembers: 100000, monthlyEmails: 100000, emails: 100000, chats: 1000 });
    expect(PLANS.professional.limits.storage.storage).toBe(10240);
  });

  it('allows 50, 100 and 500 concurrent users on Starter, Professional and Dedicated', () => {
    expect([planLimit('starter', 'concurrentUsers'), planLimit('professional', 'concurrentUsers'), planLimit('dedicated', 'concurrentUsers')]).toEqual([
      50, 100, 500,
    ]);
  });

  it('bills through paypal by default, and shows those prices', () => {
    expect(DEFAULT_PAYMENT_PROVIDER).toBe('paypal');
    for (const plan of Object.values(PLANS)) expect(plan.prices).toEqual(plan.pricing.paypal);
  });

  it('knows no plan it does not list: limit 0', () => {
    expect(findPlan('platinum')).toBeUndefined();
    expect(findPlan('toString')).toBeUndefined();
    expect(planLimit('platinum', 'totalMembers')).toBe(0);
  });
});
