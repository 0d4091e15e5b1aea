import { describe, expect, it } from 'vitest';
import { MAX_MINUTES, MIN_MINUTES, minutesSpan, parseMinutes } from './minutes';

describe('abandoned-cart minutes', () => {
  it('accept whole numbers from 5 minutes to 30 days', () => {
    expect(parseMinutes('60')).toBe(60);
    expect(parseMinutes(' 5 ')).toBe(MIN_MINUTES);
    expect(parseMinutes('43200')).toBe(MAX_MINUTES);
  });

  it('refuse numbers outside the bounds and anything that is not a whole number', () => {
    for (const text of ['4', '0', '43201', '1000000', '', ' ', '-10', '7.5', '7,5', '1e3', 'sixty', '60 min']) expect(parseMinutes(text)).toBeNull();
  });

  it('read as days, hours or minutes, whichever holds them whole', () => {
    expect(minutesSpan(60)).toEqual({ value: 1, unit: 'hour' });
    expect(minutesSpan(1440)).toEqual({ value: 1, unit: 'day' });
    expect(minutesSpan(MAX_MINUTES)).toEqual({ value: 30, unit: 'day' });
    expect(minutesSpan(180)).toEqual({ value: 3, unit: 'hour' });
    expect(minutesSpan(90)).toEqual({ value: 90, unit: 'minute' });
    expect(minutesSpan(5)).toEqual({ value: 5, unit: 'minute' });
  });
});
