import type { CurriculumItem } from '../courses/read-model.js';
import type { CourseDuration } from '../courses/meta-store.js';
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

/** SPEC §9: no duration is about 100 days (8639136e5 ms); an empty parameter is 999999 seconds. */
const DEFAULT_SECONDS = 8_639_136;
const EMPTY_PARAMETER_SECONDS = 999_999;

function days(seconds: number): string {
  const count = Math.max(1, Math.round(seconds / 86_400));
  return count === 1 ? '1 day' : `${count} days`;
}

/** How long an enrolment lasts, in words. */
export function durationLabel(duration: CourseDuration | null): string {
  if (duration === null) return days(DEFAULT_SECONDS);
  if (duration.parameter === '') return days(EMPTY_PARAMETER_SECONDS);
  const value = Math.max(0, Math.trunc(duration.value));
  return `${value} ${duration.parameter}${value === 1 ? '' : 's'}`;
}
