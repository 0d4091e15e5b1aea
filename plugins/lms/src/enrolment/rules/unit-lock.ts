import { countableItems, type RuleItem } from './completion.js';

/**
 * SPEC §4 unit lock, for every countable item in curriculum order: reachable when it is complete,
 * or the first, or the previous non-section item is complete; otherwise locked. With unitLock off
 * nothing is locked by this rule.
 */
export function unitLockStates(items: readonly RuleItem[], complete: (item: RuleItem) => boolean, unitLock: boolean): Map<string, boolean> {
  const locked = new Map<string, boolean>();
  let previousComplete = true;
  for (const item of countableItems(items)) {
    const done = complete(item);
    locked.set(item.id, unitLock && !done && !previousComplete);
    previousComplete = done;
  }
  return locked;
}
