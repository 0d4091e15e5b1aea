import { describe, expect, it } from 'vitest';
import { priceNow, saleIsOn } from './sale.js';

describe('a product sale', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('is on without an end or until its end, and off at or after it', () => {
    expect(saleIsOn({ amount: 100, ends_at: null }, now)).toBe(true);
    expect(saleIsOn({ amount: 100, ends_at: '2026-11-28T12:00:01Z' }, now)).toBe(true);
    expect(saleIsOn({ amount: 100, ends_at: '2026-11-28T12:00:00Z' }, now)).toBe(false);
    expect(saleIsOn(null, now)).toBe(false);
    // An answer from before sales existed has no sale field.
    expect(saleIsOn(undefined, now)).toBe(false);
  });

  it('prices the product at the sale price only while the sale is on', () => {
    expect(priceNow(4900, { amount: 2900, ends_at: null }, now)).toBe(2900);
    expect(priceNow(4900, { amount: 2900, ends_at: '2026-11-27T00:00:00Z' }, now)).toBe(4900);
    expect(priceNow(4900, null, now)).toBe(4900);
  });
});
