import type { CurriculumItem } from '../courses/read-model.js';
import type { CourseDuration } from '../courses/meta-store.js';
import { DEFAULT_EXPIRY_MS, enrolmentLengthMs, isUnlimitedExpiry } from '../enrolment/rules/expiry.js';
import type { OutlineSection } from './types.js';

/** The curriculum as sections of item titles; items before the first section form an untitled group. */
export function outlineOf(items: readonly CurriculumItem[]): OutlineSection[] {
  const sections: OutlineSection[] = [];
  for (const item of items) {
    if (item.post_type === 'section') {
      sections.push({ id: item.id, title: item.title, items: [] });
      continue;
    }
    let current = sections.at(-1);
    if (current === undefined) {
      current = { id: 'intro', title: null, items: [] };
      sections.push(current);
    }
    current.items.push({ id: item.id, type: item.post_type, title: item.title });
  }
  return sections;
}

export const NO_TIME_LIMIT = 'No time limit';

function days(seconds: number): string {
  const count = Math.max(1, Math.round(seconds / 86_400));
  return count === 1 ? '1 day' : `${count} days`;
}

/**
 * How long an enrolment lasts, in words, from the same rule that stamps the expiry
 * (enrolmentLengthMs): no duration is SPEC §9's 8639136e5 ms, 9999 days, which DECISIONS.md calls
 * unlimited — "No time limit"; an empty parameter is 999999 seconds (12 days).
 */
export function durationLabel(duration: CourseDuration | null): string {
  const length = enrolmentLengthMs(duration);
  if (length >= DEFAULT_EXPIRY_MS) return NO_TIME_LIMIT;
  if (duration === null || duration.parameter === '') return days(length / 1000);
  const value = Math.max(0, Math.trunc(duration.value));
  return `${value} ${duration.parameter}${value === 1 ? '' : 's'}`;
}

const UTC_DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * A signed-in student's own access, from their enrolment's real expiry: "No time limit" for the
 * 9999-day default, else the date it ends (formatted once on the server, so the hydrated page reads
 * the same text).
 */
export function accessLabel(expiryMs: number | null, enrolledAtMs: number): string {
  if (expiryMs === null || isUnlimitedExpiry(expiryMs, enrolledAtMs)) return NO_TIME_LIMIT;
  return `Until ${UTC_DATE.format(new Date(expiryMs))}`;
}
