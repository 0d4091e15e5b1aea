import { describe, expect, it } from 'vitest';
import { endOfLocalDay, isoOfLocal, localInputOf } from './dates';

describe('local date inputs', () => {
  it('round-trip an instant to the minute', () => {
    const iso = new Date(2025, 5, 30, 14, 5).toISOString();
    expect(localInputOf(iso)).toBe('2025-06-30T14:05');
    expect(isoOfLocal(localInputOf(iso))).toBe(iso);
  });

  it('read blanks and nonsense as no date', () => {
    expect(localInputOf(null)).toBe('');
    expect(isoOfLocal('')).toBeNull();
    expect(isoOfLocal('soon')).toBeNull();
    expect(endOfLocalDay('')).toBeNull();
  });

  it('read a bare date as the start of that local day and "to" as its last millisecond', () => {
    expect(isoOfLocal('2025-03-01')).toBe(new Date(2025, 2, 1).toISOString());
    expect(endOfLocalDay('2025-03-01')).toBe(new Date(2025, 2, 2, 0, 0, 0, -1).toISOString());
  });
});
