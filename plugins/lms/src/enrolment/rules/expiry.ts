import { INTERVAL_SECONDS, isIntervalUnit, toAmount } from './intervals.js';

/** SPEC §9: no course duration → 8639136e5 ms (9999 days; DECISIONS.md: the figure rules, not "about 100 days"). */
export const DEFAULT_EXPIRY_MS = 8_639_136e5;
/** SPEC §9: a duration whose parameter exists but is empty → 999999 seconds. */
export const EMPTY_PARAMETER_SECONDS = 999_999;

/**
 * How long an enrolment lasts, in milliseconds, from the courseDuration meta ({value, parameter}).
 * - no meta, or no usable value → the default (8639136e5 ms);
 * - a `parameter` key that is present but empty (or not one of SPEC's units) → 999999 s;
 * - else value × the unit's seconds.
 */
export function enrolmentLengthMs(courseDuration: unknown): number {
  if (courseDuration === null || typeof courseDuration !== 'object') return DEFAULT_EXPIRY_MS;
  const { value, parameter } = courseDuration as { value?: unknown; parameter?: unknown };
  if (!('parameter' in courseDuration)) return DEFAULT_EXPIRY_MS;
  if (parameter === null || parameter === '' || !isIntervalUnit(parameter)) return EMPTY_PARAMETER_SECONDS * 1000;
  const amount = toAmount(value);
  if (amount === null) return DEFAULT_EXPIRY_MS;
  return amount * INTERVAL_SECONDS[parameter] * 1000;
}

/** The expiry of an enrolment made (or started) at `fromMs`. */
export function expiryAt(courseDuration: unknown, fromMs: number): Date {
  return new Date(fromMs + enrolmentLengthMs(courseDuration));
}

/** A day of slack: the expiry is stamped in the application, the enrolment time by its own clock read. */
const UNLIMITED_SLACK_MS = 86_400_000;

/**
 * Whether an enrolment's real expiry is the "no time limit" default (SPEC §9's 8639136e5 ms, 9999
 * days; DECISIONS.md) rather than a course duration: it lies the default length (less a day of
 * slack) or more after the enrolment began. Labels come from this, never from a rounded guess.
 */
export function isUnlimitedExpiry(expiryMs: number | null, enrolledAtMs: number): boolean {
  return expiryMs === null || expiryMs - enrolledAtMs >= DEFAULT_EXPIRY_MS - UNLIMITED_SLACK_MS;
}
