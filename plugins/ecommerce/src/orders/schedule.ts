import type { DurationParameter } from '../db/tables.js';

/** The end of one subscription period that starts at `from` (months and years follow the calendar). */
export function periodEnd(from: Date, value: number, parameter: DurationParameter): Date {
  const end = new Date(from.getTime());
  switch (parameter) {
    case 'day':
      end.setUTCDate(end.getUTCDate() + value);
      break;
    case 'week':
      end.setUTCDate(end.getUTCDate() + 7 * value);
      break;
    case 'month':
      end.setUTCMonth(end.getUTCMonth() + value);
      break;
    case 'year':
      end.setUTCFullYear(end.getUTCFullYear() + value);
      break;
  }
  return end;
}
