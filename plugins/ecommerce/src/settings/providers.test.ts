import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../db/tables.js';
import type { ShopCurrency } from '../shop-currency.js';
import { availableProviders, defaultProvider } from './providers.js';

const everyone: ProviderSettings = {
  offline: { enabled: true },
  stripe: { enabled: true, secretKey: 'sk_test_1' },
  paypal: { enabled: true, clientId: 'id', clientSecret: 'secret' },
  razorpay: { enabled: true, keyId: 'rzp_test_1', keySecret: 'secret' },
};
const usd: ShopCurrency = { code: 'USD', digits: 2, providers: ['offline', 'paypal', 'stripe', 'razorpay'] };

describe('availableProviders', () => {
  it('offers every provider that is on, set up and charges in the currency', () => {
    expect(availableProviders(everyone, usd)).toEqual(['offline', 'paypal', 'stripe', 'razorpay']);
    expect(availableProviders(everyone, usd, { subscription: false })).toEqual(['offline', 'paypal', 'stripe', 'razorpay']);
    expect(availableProviders(everyone, { code: 'INR', digits: 2, providers: ['offline', 'razorpay'] })).toEqual(['offline', 'razorpay']);
    expect(availableProviders({ ...everyone, paypal: { enabled: true, clientId: 'id' } }, usd)).toEqual(['offline', 'stripe', 'razorpay']);
  });

  it('sells a subscription through offline and Stripe only', () => {
    expect(availableProviders(everyone, usd, { subscription: true })).toEqual(['offline', 'stripe']);
    expect(availableProviders({ ...everyone, stripe: { enabled: false, secretKey: 'sk_test_1' } }, usd, { subscription: true })).toEqual(['offline']);
    expect(availableProviders({ paypal: everyone.paypal, razorpay: everyone.razorpay }, usd, { subscription: true })).toEqual([]);
  });
});

describe('defaultProvider', () => {
  it("preselects SPEC §9's default, PayPal, whenever the buyer may choose it", () => {
    expect(defaultProvider(['offline', 'paypal', 'stripe', 'razorpay'])).toBe('paypal');
    expect(defaultProvider(['offline', 'paypal'])).toBe('paypal');
  });

  it('falls back to an online provider before offline, and to nothing when nothing is offered', () => {
    expect(defaultProvider(['offline', 'stripe'])).toBe('stripe');
    expect(defaultProvider(['offline', 'razorpay'])).toBe('razorpay');
    expect(defaultProvider(['offline'])).toBe('offline');
    expect(defaultProvider([])).toBeNull();
  });
});
