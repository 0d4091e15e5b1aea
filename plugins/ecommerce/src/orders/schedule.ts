import type { DurationParameter } from '../db/tables.js';

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/**
 * The end of one subscription period that starts at `from`. Months and years follow the calendar
 * on `anchorDay` (the day of the month the subscription started, `from`'s by default), kept to the
 * month's last day when it is shorter: Jan 31 → Feb 28 → Mar 31, never Mar 3.
 */
export function periodEnd(from: Date, value: number, parameter: DurationParameter, anchorDay = from.getUTCDate()): Date {
  const end = new Date(from.getTime());
  switch (parameter) {
    case 'day':
      end.setUTCDate(end.getUTCDate() + value);
      return end;
    case 'week':
      end.setUTCDate(end.getUTCDate() + 7 * value);
      return end;
    case 'month':
    case 'year': {
      const months = from.getUTCMonth() + (parameter === 'month' ? value : 12 * value);
      const year = from.getUTCFullYear() + Math.floor(months / 12);
      const month = ((months % 12) + 12) % 12;
      end.setUTCFullYear(year, month, Math.min(anchorDay, daysInMonth(year, month)));
      return end;
    }
  }
}
