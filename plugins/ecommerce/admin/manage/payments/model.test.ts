import { describe, expect, it } from 'vitest';
import type { ShopSettings } from '../../shared/model';
import { paymentsBody, paymentsFormOf } from './model';

const settings: ShopSettings = {
  providers: { offline: { enabled: true, instructions: 'Pay at the desk' }, stripe: { enabled: true, publishableKey: 'pk_test_1' } },
  secretsSet: { 'stripe.secretKey': true, 'stripe.webhookSecret': false },
  currency: { code: 'USD', digits: 2, providers: ['offline', 'stripe', 'paypal'] },
  available: ['offline', 'stripe'],
  webhooks: { stripe: 'https://shop.example/api/ecommerce/webhooks/stripe' },
};

describe('payment settings form', () => {
  it('starts from the saved values with secret fields empty', () => {
    const form = paymentsFormOf(settings);
    expect(form.offline).toEqual({ enabled: true, kept: {}, values: { instructions: 'Pay at the desk' }, flags: {}, clear: {} });
    expect(form.stripe.values).toEqual({ publishableKey: 'pk_test_1', secretKey: '', webhookSecret: '' });
    expect(form.paypal.enabled).toBe(false);
    expect(form.paypal.flags).toEqual({ sandbox: false });
  });

  it('leaves untouched secrets out so the stored ones are kept', () => {
    const body = paymentsBody(paymentsFormOf(settings));
    expect(body.stripe).toEqual({ enabled: true, publishableKey: 'pk_test_1' });
    expect(body.razorpay).toEqual({ enabled: false, keyId: '' });
  });

  it('sends back stored options the form does not show', () => {
    const form = paymentsFormOf({ ...settings, providers: { razorpay: { enabled: true, keyId: 'rzp', later: 'x' } as never } });
    expect(paymentsBody(form).razorpay).toEqual({ later: 'x', enabled: true, keyId: 'rzp' });
  });

  it("reads and sends PayPal's sandbox flag (missing = live keys)", () => {
    const form = paymentsFormOf({ ...settings, providers: { paypal: { enabled: true, clientId: 'id', sandbox: true } } });
    expect(form.paypal.flags).toEqual({ sandbox: true });
    expect(form.paypal.kept).toEqual({});
    form.paypal.flags.sandbox = false;
    expect(paymentsBody(form).paypal).toEqual({ enabled: true, sandbox: false, clientId: 'id', webhookId: '' });
  });

  it('sends a typed secret, and "" for one the manager cleared', () => {
    const form = paymentsFormOf(settings);
    form.stripe.values.webhookSecret = ' whsec_2 ';
    form.stripe.clear.secretKey = true;
    expect(paymentsBody(form).stripe).toEqual({ enabled: true, publishableKey: 'pk_test_1', secretKey: '', webhookSecret: 'whsec_2' });
  });
});
