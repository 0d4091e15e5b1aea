/** The server's bounds for how long a cart waits before it counts as abandoned (5 minutes to 30 days). */
export const MIN_MINUTES = 5;
export const MAX_MINUTES = 43_200;

/** The minutes typed in the field as a whole number within the bounds, or null when they are not. */
export function parseMinutes(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= MIN_MINUTES && minutes <= MAX_MINUTES ? minutes : null;
}

export type SpanUnit = 'minute' | 'hour' | 'day';

/**
 * A number of minutes in the largest unit that holds it whole (1440 → 1 day, 90 → 90 minutes), so
 * the field can say what the number means; Intl then writes it in the screen's language.
 */
export function minutesSpan(minutes: number): { value: number; unit: SpanUnit } {
  if (minutes % 1440 === 0) return { value: minutes / 1440, unit: 'day' };
  if (minutes % 60 === 0) return { value: minutes / 60, unit: 'hour' };
  return { value: minutes, unit: 'minute' };
}
