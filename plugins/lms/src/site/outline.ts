import type { PluginTranslate } from '@lectern/sdk';
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

function days(t: PluginTranslate, seconds: number): string {
  return t('duration.day', { count: Math.max(1, Math.round(seconds / 86_400)) });
}

/**
 * How long an enrolment lasts, in words, from the same rule that stamps the expiry
 * (enrolmentLengthMs): no duration is SPEC §9's 8639136e5 ms, 9999 days, which DECISIONS.md calls
 * unlimited — "No time limit"; an empty parameter is 999999 seconds (12 days).
 */
export function durationLabel(t: PluginTranslate, duration: CourseDuration | null): string {
  const length = enrolmentLengthMs(duration);
  if (length >= DEFAULT_EXPIRY_MS) return t('duration.unlimited');
  if (duration === null || duration.parameter === '') return days(t, length / 1000);
  return t(`duration.${duration.parameter}`, { count: Math.max(0, Math.trunc(duration.value)) });
}

/**
 * A signed-in student's own access, from their enrolment's real expiry: "No time limit" for the
 * 9999-day default, else the date it ends (formatted once on the server, so the hydrated page reads
 * the same text).
 */
export function accessLabel(t: PluginTranslate, language: string, expiryMs: number | null, enrolledAtMs: number): string {
  if (expiryMs === null || isUnlimitedExpiry(expiryMs, enrolledAtMs)) return t('duration.unlimited');
  return t('duration.until', { date: new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(expiryMs)) });
}
