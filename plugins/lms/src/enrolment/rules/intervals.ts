/** SPEC §9 interval units, in seconds. */
export const INTERVAL_SECONDS = {
  month: 2_592_000,
  week: 604_800,
  day: 86_400,
  hour: 3_600,
  minute: 60,
} as const;

export type IntervalUnit = keyof typeof INTERVAL_SECONDS;

export function isIntervalUnit(value: unknown): value is IntervalUnit {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(INTERVAL_SECONDS, value);
}

/** A finite, non-negative number from stored JSON (strings such as "3" count); else null. */
export function toAmount(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null;
}

/**
 * Seconds of a {value, parameter} pair (or a plain number of seconds), or null when it is not a
 * usable duration. Stored settings come from editors, so anything malformed reads as "not set".
 */
export function durationSeconds(duration: unknown): number | null {
  if (typeof duration === 'number' || typeof duration === 'string') return toAmount(duration);
  if (duration === null || typeof duration !== 'object') return null;
  const { value, parameter } = duration as { value?: unknown; parameter?: unknown };
  const amount = toAmount(value);
  if (amount === null || !isIntervalUnit(parameter)) return null;
  return amount * INTERVAL_SECONDS[parameter];
}
