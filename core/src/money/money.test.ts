import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  CURRENCIES,
  DEFAULT_CURRENCY,
  PAYMENT_PROVIDERS,
  currencyDigits,
  findCurrency,
  formatMoney,
  isCountryCode,
  percentOfMinor,
  toMajor,
  toMinor,
} from './index.js';
import { PAYPAL_CURRENCIES } from './providers/paypal.js';
import { RAZORPAY_CURRENCIES } from './providers/razorpay.js';
import { STRIPE_CURRENCIES } from './providers/stripe.js';

const usd = { code: 'USD', digits: 2 };

describe('CURRENCIES', () => {
  it('lists the ISO 4217 currencies people price in, sorted by code, each payable offline', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(150);
    expect(CURRENCIES.length).toBeLessThanOrEqual(190);
    const codes = CURRENCIES.map((c) => c.code);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    for (const currency of CURRENCIES) {
      expect(currency.code).toMatch(/^[A-Z]{3}$/);
      expect(currency.providers).toContain('offline');
      expect(currency.providers.every((p) => PAYMENT_PROVIDERS.includes(p))).toBe(true);
    }
  });

  it('leaves out metals, fund units and the testing codes', () => {
    for (const code of ['XAU', 'XAG', 'XTS', 'XXX']) expect(findCurrency(code)).toBeUndefined();
  });

  it('knows the minor-unit digits', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('ZZZ')).toBe(2);
    expect(DEFAULT_CURRENCY).toBe('USD');
  });

  it('finds a currency by code in any case, with its countries and name', () => {
    const inr = findCurrency('inr');
    expect(inr?.code).toBe('INR');
    expect(inr?.name).toMatch(/Rupee/);
    expect(inr?.countries.length).toBeGreaterThan(0);
    expect(findCurrency('NOPE')).toBeUndefined();
  });

  it('marks which providers can charge each currency', () => {
    for (const code of ['USD', 'EUR', 'INR']) expect(findCurrency(code)?.providers).toContain('stripe');
    expect(findCurrency('INR')?.providers).toContain('razorpay');
    expect(findCurrency('USD')?.providers).toEqual(['offline', 'paypal', 'stripe', 'razorpay']);
    for (const provider of ['paypal', 'stripe', 'razorpay'] as const) {
      expect(CURRENCIES.filter((c) => c.providers.includes(provider)).length).toBeGreaterThan(10);
    }
  });

  it('drops provider codes that are not (or no longer) ISO 4217 currencies', () => {
    expect(RAZORPAY_CURRENCIES).toContain('HRK');
    expect(findCurrency('HRK')).toBeUndefined();
    const known = new Set(CURRENCIES.map((c) => c.code));
    const lists = { stripe: STRIPE_CURRENCIES, paypal: PAYPAL_CURRENCIES, razorpay: RAZORPAY_CURRENCIES };
    for (const [provider, list] of Object.entries(lists)) {
      const marked = CURRENCIES.filter((c) => c.providers.some((p) => p === provider)).map((c) => c.code);
      expect(marked).toEqual(list.filter((code) => known.has(code)));
    }
  });

  it('is frozen, so no caller can change the shared list', () => {
    const first = CURRENCIES[0]!;
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => first.providers.push('stripe')).toThrow(TypeError);
  });
});

describe('COUNTRIES', () => {
  it('lists the ISO 3166 alpha-2 codes with English names, sorted by name', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    expect(COUNTRIES.length).toBeLessThanOrEqual(255);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const byCode = new Map(COUNTRIES.map((c) => [c.code, c.name]));
    expect(byCode.get('US')).toMatch(/United States/);
    expect(byCode.get('IN')).toBe('India');
    expect(byCode.get('BD')).toBe('Bangladesh');
  });

  it('validates codes as stored: two upper-case letters of a known country', () => {
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('BD')).toBe(true);
    expect(isCountryCode('us')).toBe(false);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('USA')).toBe(false);
    expect(isCountryCode('')).toBe(false);
  });
});

describe('formatMoney', () => {
  it('shows each currency with its own digits', () => {
    expect(formatMoney(1234, { code: 'JPY', digits: 0 })).toBe('¥1,234');
    expect(formatMoney(123456, usd)).toBe('$1,234.56');
    expect(formatMoney(1234, { code: 'KWD', digits: 3 })).toContain('1.234');
    expect(formatMoney(5, usd)).toBe('$0.05');
  });

  it('rounds to whole units when decimals are off (the cart)', () => {
    expect(formatMoney(123456, usd, { decimals: false })).toBe('$1,235');
    expect(formatMoney(123449, usd, { decimals: false })).toBe('$1,234');
    expect(formatMoney(1234, { code: 'KWD', digits: 3 }, { decimals: false })).toContain('1');
    expect(formatMoney(1234, { code: 'KWD', digits: 3 }, { decimals: false })).not.toContain('.');
  });

  it('shows BDT with the taka sign, in any locale', () => {
    const bdt = { code: 'BDT', digits: 2 };
    expect(formatMoney(123456, bdt)).toBe('৳1,234.56');
    expect(formatMoney(123456, bdt, { decimals: false })).toBe('৳1,235');
    expect(formatMoney(123456, bdt, { locale: 'de' })).toContain('৳');
    expect(formatMoney(123456, bdt, { locale: 'de' })).not.toContain('BDT');
  });

  it('formats zero and negative amounts', () => {
    expect(formatMoney(0, usd)).toBe('$0.00');
    expect(formatMoney(-1250, usd)).toBe('-$12.50');
  });

  it('follows the locale when given one', () => {
    expect(formatMoney(123456, { code: 'EUR', digits: 2 }, { locale: 'de' })).toBe('1.234,56\u00a0€');
  });

  it('falls back to "CODE amount" instead of throwing on a malformed code or locale', () => {
    expect(formatMoney(1234, { code: 'US', digits: 2 })).toBe('US 12.34');
    expect(formatMoney(1234, usd, { locale: 'not a locale!' })).toBe('USD 12.34');
  });
});

describe('toMinor / toMajor', () => {
  it('converts between units without float error', () => {
    expect(toMinor(1.005, 2)).toBe(101);
    expect(toMinor(0.1 + 0.2, 2)).toBe(30);
    expect(toMinor(19.99, 2)).toBe(1999);
    expect(toMinor(1234, 0)).toBe(1234);
    expect(toMinor(1.2345, 3)).toBe(1235);
    expect(toMajor(1999, 2)).toBe(19.99);
    expect(toMajor(1234, 3)).toBe(1.234);
    expect(toMajor(1234, 0)).toBe(1234);
  });

  it('rounds halves away from zero and never returns -0', () => {
    expect(toMinor(-1.005, 2)).toBe(-101);
    expect(toMinor(-12.34, 2)).toBe(-1234);
    expect(Object.is(toMinor(-0.001, 2), 0)).toBe(true);
    expect(toMinor(0, 2)).toBe(0);
    expect(toMajor(-1250, 2)).toBe(-12.5);
  });

  it('refuses non-finite amounts and impossible digits', () => {
    expect(() => toMinor(Number.NaN, 2)).toThrow(RangeError);
    expect(() => toMinor(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
    expect(() => toMajor(100, -1)).toThrow(RangeError);
    expect(() => toMinor(1, 2.5)).toThrow(RangeError);
  });
});

describe('percentOfMinor', () => {
  it('rounds to the nearest minor unit, half up', () => {
    expect(percentOfMinor(333, 15)).toBe(50);
    expect(percentOfMinor(1000, 12.5)).toBe(125);
    expect(percentOfMinor(10, 15)).toBe(2);
    expect(percentOfMinor(1999, 10)).toBe(200);
    expect(percentOfMinor(100, 33.333)).toBe(33);
    expect(percentOfMinor(5000, 100)).toBe(5000);
  });

  it('handles zero and negative amounts symmetrically', () => {
    expect(percentOfMinor(0, 15)).toBe(0);
    expect(percentOfMinor(333, 0)).toBe(0);
    expect(percentOfMinor(-333, 15)).toBe(-50);
    expect(Object.is(percentOfMinor(-1, 10), 0)).toBe(true);
  });

  it('refuses non-finite input', () => {
    expect(() => percentOfMinor(100, Number.NaN)).toThrow(RangeError);
    expect(() => percentOfMinor(Number.POSITIVE_INFINITY, 10)).toThrow(RangeError);
  });
});
