import { describe, expect, it } from 'vitest';
import { periodEnd } from './schedule.js';

const at = (text: string) => new Date(`${text}T10:30:00.000Z`);
const day = (date: Date) => date.toISOString().slice(0, 10);

describe('subscription periods', () => {
  it('adds days and weeks', () => {
    expect(day(periodEnd(at('2026-02-27'), 3, 'day'))).toBe('2026-03-02');
    expect(day(periodEnd(at('2026-12-28'), 1, 'week'))).toBe('2027-01-04');
  });

  it('keeps a month to its last day instead of spilling into the next one', () => {
    expect(day(periodEnd(at('2026-01-31'), 1, 'month'))).toBe('2026-02-28');
    expect(day(periodEnd(at('2028-01-31'), 1, 'month'))).toBe('2028-02-29');
    expect(day(periodEnd(at('2026-08-31'), 1, 'month'))).toBe('2026-09-30');
    expect(day(periodEnd(at('2026-11-15'), 3, 'month'))).toBe('2027-02-15');
    expect(periodEnd(at('2026-01-31'), 1, 'month').toISOString()).toBe('2026-02-28T10:30:00.000Z');
  });

  it('returns to the anchor day after a short month', () => {
    const february = periodEnd(at('2026-01-31'), 1, 'month');
    expect(day(periodEnd(february, 1, 'month', 31))).toBe('2026-03-31');
    expect(day(periodEnd(february, 1, 'month'))).toBe('2026-03-28');
  });

  it('follows leap years for yearly periods', () => {
    expect(day(periodEnd(at('2028-02-29'), 1, 'year'))).toBe('2029-02-28');
    expect(day(periodEnd(at('2029-02-28'), 3, 'year', 29))).toBe('2032-02-29');
  });
});
