import { describe, expect, it } from 'vitest';
import { fromLocalInput, scheduleProblem, suggestedSchedule, toLocalInput } from './schedule';

describe('scheduling a publish', () => {
  const now = new Date(2025, 4, 10, 14, 45, 12);

  it('round-trips the date-time input in local time', () => {
    const at = new Date(2025, 4, 10, 9, 5);
    expect(toLocalInput(at)).toBe('2025-05-10T09:05');
    expect(fromLocalInput('2025-05-10T09:05')?.getTime()).toBe(at.getTime());
    expect(fromLocalInput('2025-05-10')).toBeNull();
    expect(fromLocalInput('')).toBeNull();
  });

  it('suggests the next full hour at least half an hour away', () => {
    expect(toLocalInput(suggestedSchedule(now))).toBe('2025-05-10T16:00');
    expect(toLocalInput(suggestedSchedule(new Date(2025, 4, 10, 14, 10)))).toBe('2025-05-10T15:00');
  });

  it('accepts only a moment in the future', () => {
    expect(scheduleProblem('2025-05-10T14:46', now)).toBeNull();
    expect(scheduleProblem('2025-05-10T14:45', now)).toBe('past');
    expect(scheduleProblem('2024-01-01T00:00', now)).toBe('past');
    expect(scheduleProblem('soon', now)).toBe('invalid');
  });
});
