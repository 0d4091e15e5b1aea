import { describe, expect, it } from 'vitest';
import { toRazorpayAmount } from '../razorpay/amounts.js';
import { fromPaypalValue, toPaypalValue } from './amounts.js';

describe('PayPal amounts', () => {
  it('writes minor units as major-unit strings with the currency digits', () => {
    expect(toPaypalValue(1000, 'USD', 2)).toBe('10.00');
    expect(toPaypalValue(5, 'EUR', 2)).toBe('0.05');
    expect(toPaypalValue(0, 'USD', 2)).toBe('0.00');
    expect(toPaypalValue(123456789, 'GBP', 2)).toBe('1234567.89');
    expect(toPaypalValue(1000, 'JPY', 0)).toBe('1000');
    expect(toPaypalValue(1234, 'KWD', 3)).toBe('1.234');
    expect(toPaypalValue(7, 'BHD', 3)).toBe('0.007');
  });

  it('charges HUF and TWD in whole units, as PayPal requires', () => {
    expect(toPaypalValue(150049, 'HUF', 2)).toBe('1500');
    expect(toPaypalValue(150050, 'HUF', 2)).toBe('1501');
    expect(toPaypalValue(9900, 'TWD', 2)).toBe('99');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => toPaypalValue(10.5, 'USD', 2)).toThrow(RangeError);
    expect(() => toPaypalValue(-1, 'USD', 2)).toThrow(RangeError);
  });

  it('reads PayPal strings back into minor units', () => {
    expect(fromPaypalValue('10.00', 'USD', 2)).toBe(1000);
    expect(fromPaypalValue('10', 'USD', 2)).toBe(1000);
    expect(fromPaypalValue('0.5', 'USD', 2)).toBe(50);
    expect(fromPaypalValue('1000', 'JPY', 0)).toBe(1000);
    expect(fromPaypalValue('1.234', 'KWD', 3)).toBe(1234);
    expect(fromPaypalValue('1.234', 'USD', 2)).toBeNull();
    expect(fromPaypalValue('-1.00', 'USD', 2)).toBeNull();
    expect(fromPaypalValue('ten', 'USD', 2)).toBeNull();
  });
});

describe('Razorpay amounts', () => {
  it('passes subunits through and ends three-decimal amounts in 0', () => {
    expect(toRazorpayAmount(29995, 2)).toBe(29995);
    expect(toRazorpayAmount(1000, 0)).toBe(1000);
    expect(toRazorpayAmount(295991, 3)).toBe(295990);
    expect(toRazorpayAmount(295995, 3)).toBe(296000);
  });
});
