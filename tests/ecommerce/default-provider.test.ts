import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';

const SHOP = '/api/ecommerce';

interface Quote {
  providers: string[];
  default_provider: string | null;
}

/**
 * SPEC §9: "Default payment provider: paypal". Checkout preselects what the cart quote names as
 * the default: PayPal when the site has it set up and it can take this cart in this currency;
 * otherwise an online provider that can, and offline last.
 */
describe('the payment method checkout preselects', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [ecommerce] });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function shop(input: { currency?: string; settings?: Record<string, unknown> }) {
    const site = await t.createAccount();
    const owner = await t.createMember(site, { role: 'owner' });
    if (input.currency !== undefined) {
      const res = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { currency: input.currency } } });
      expect(res.statusCode, res.body).toBe(200);
    }
    if (input.settings !== undefined) {
      const res = await t.request({ method: 'PUT', url: `${SHOP}/settings`, as: owner, payload: input.settings });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { site, owner };
  }
  async function product(owner: TestMember, price: Record<string, unknown>): Promise<string> {
    const res = await t.request({ method: 'POST', url: `${SHOP}/products`, as: owner, payload: { title: 'Lesson pack', price } });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }
  async function quote(site: TestAccount, productId: string): Promise<Quote> {
    const res = await t.request({ method: 'POST', url: `${SHOP}/cart/quote`, account: site, payload: { items: [{ id: productId, quantity: 1 }] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Quote;
  }

  const paypal = { enabled: true, clientId: 'paypal-client', clientSecret: 'paypal-secret' };
  const stripe = { enabled: true, secretKey: 'sk_test_default_provider' };
  const razorpay = { enabled: true, keyId: 'rzp_test_key', keySecret: 'rzp_test_secret' };
  const onetime = { type: 'onetime', amount: 2500 };

  it('is PayPal when it is set up, whatever else is', async () => {
    const { site, owner } = await shop({ settings: { offline: { enabled: true }, stripe, paypal } });
    expect(await quote(site, await product(owner, onetime))).toEqual(
      expect.objectContaining({ providers: ['offline', 'paypal', 'stripe'], default_provider: 'paypal' }),
    );
  });

  it('falls back to another online provider where PayPal cannot take the cart or the currency', async () => {
    const { site, owner } = await shop({ settings: { offline: { enabled: true }, stripe, paypal } });
    // PayPal sells one-time orders only here: a subscription goes to Stripe.
    const monthly = await product(owner, { type: 'subscription', amount: 900, duration: { value: 1, parameter: 'month' } });
    expect(await quote(site, monthly)).toEqual(expect.objectContaining({ providers: ['offline', 'stripe'], default_provider: 'stripe' }));

    // PayPal takes no rupees (core/src/money/providers/paypal.ts): Razorpay is preselected.
    const indian = await shop({ currency: 'INR', settings: { offline: { enabled: true }, paypal, razorpay } });
    expect(await quote(indian.site, await product(indian.owner, onetime))).toEqual(expect.objectContaining({ default_provider: 'razorpay' }));
  });

  it('is offline on a new site, which takes nothing else yet', async () => {
    const { site, owner } = await shop({});
    expect(await quote(site, await product(owner, onetime))).toEqual(expect.objectContaining({ providers: ['offline'], default_provider: 'offline' }));
  });
});
