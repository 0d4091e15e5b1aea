import { durationSeconds, INTERVAL_SECONDS, isIntervalUnit, toAmount } from './intervals.js';
import type { RuleItem } from './completion.js';

export interface DripConfig {
  enabled?: unknown;
  value?: unknown;
  parameter?: unknown;
  multiplier?: unknown;
  from?: unknown;
}

/**
 * Drip feed (SPEC §4: "value × parameter seconds, multiplied by the section count or by the unit
 * position, measured from course start or from the previous unit's start"). Our reading:
 *
 * - k is 0-based, so the first unit (and the first section) opens at the course start: a unit's
 *   "position" is its index among the non-section items; its "section count" is the number of
 *   sections before the section holding it.
 * - from 'start': opens = startAt + delay × k. A fixed timetable from the student's start.
 * - from 'previous' (DECISIONS.md's default): each step opens `delay` after the previous one's
 *   start, where a unit's start is the moment it opened for the student (the first one: startAt).
 *   We keep no per-student "opened" time (curriculum_data holds completion stamps only), so the
 *   chain is computed from startAt. The step's delay is the previous unit's own duration when it
 *   has one (DECISIONS.md), else value × parameter — so with no unit durations the two origins
 *   give the same times, and unit durations make 'previous' pace each unit by its predecessor.
 *   With multiplier 'section' the steps are sections (each section opens one delay after the
 *   previous section opened).
 *
 * Returns each countable item's opening time in seconds, or null when drip is off.
 */
export function dripReleaseTimes(items: readonly RuleItem[], drip: DripConfig | undefined, startAtSeconds: number): Map<string, number> | null {
  if (drip === undefined || drip === null || drip.enabled !== true) return null;
  const amount = toAmount(drip.value);
  if (amount === null || amount === 0 || !isIntervalUnit(drip.parameter)) return null;
  const delay = amount * INTERVAL_SECONDS[drip.parameter];
  const bySection = drip.multiplier === 'section';
  const fromPrevious = drip.from !== 'start';

  const opens = new Map<string, number>();
  let sectionIndex = -1;
  let sectionOpens = startAtSeconds;
  let position = 0;
  let previousOpens = startAtSeconds;
  let previousDuration: number | null = null;
  for (const item of items) {
    if (item.post_type === 'section') {
      sectionIndex += 1;
      // Items before the first section belong to section 0 with the first section itself.
      if (sectionIndex > 0) sectionOpens = fromPrevious ? sectionOpens + delay : startAtSeconds + delay * sectionIndex;
      continue;
    }
    let at: number;
    if (bySection) at = sectionIndex <= 0 ? startAtSeconds : sectionOpens;
    else if (!fromPrevious) at = startAtSeconds + delay * position;
    else at = position === 0 ? startAtSeconds : previousOpens + (previousDuration ?? delay);
    opens.set(item.id, at);
    previousOpens = at;
    previousDuration = durationSeconds(item.settings?.duration);
    position += 1;
  }
  return opens;
}
