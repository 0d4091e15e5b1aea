import { countableItems, isItemComplete, progressPercent, type CompletionInput, type RuleItem } from './completion.js';
import { dripReleaseTimes, type DripConfig } from './drip.js';
import { unitLockStates } from './unit-lock.js';

export type LockReason = 'unit_lock' | 'drip';

export interface ItemState {
  id: string;
  complete: boolean;
  /** Completion time in seconds (units: the stamp), else null. */
  completed_at: number | null;
  locked: boolean;
  reason: LockReason | null;
  /** When drip releases the item, in seconds (null: drip is off). */
  opens_at: number | null;
}

export interface CourseRules {
  unitLock?: unknown;
  drip?: DripConfig;
  /** 'auto': finishing the course evaluates it at once (status 4). */
  evaluation?: unknown;
}

export interface StatesInput extends CompletionInput {
  settings: CourseRules;
  /** The student's start in seconds; before the first start, drip is measured from `nowSeconds`. */
  startAtSeconds: number | null;
  nowSeconds: number;
}

export interface CourseState {
  items: Map<string, ItemState>;
  progress: number;
  /** The first countable item the student can open and has not completed (else the first not completed). */
  next: string | null;
}

/**
 * Every countable item's state for one student. A completed item is never locked. Unit lock wins
 * over drip when both hold, since finishing the previous unit is what the student can act on.
 */
export function courseState(items: readonly RuleItem[], input: StatesInput): CourseState {
  const complete = (item: RuleItem) => isItemComplete(item, input);
  const lock = unitLockStates(items, complete, input.settings.unitLock === true);
  const opens = dripReleaseTimes(items, input.settings.drip, input.startAtSeconds ?? input.nowSeconds);
  const states = new Map<string, ItemState>();
  let next: string | null = null;
  let firstOpen: string | null = null;
  for (const item of countableItems(items)) {
    const done = complete(item);
    const opensAt = opens?.get(item.id) ?? null;
    let reason: LockReason | null = null;
    if (!done && lock.get(item.id) === true) reason = 'unit_lock';
    else if (!done && opensAt !== null && opensAt > input.nowSeconds) reason = 'drip';
    const stamp = input.stamps[item.id];
    states.set(item.id, {
      id: item.id,
      complete: done,
      completed_at: item.post_type === 'unit' && typeof stamp === 'number' ? stamp : null,
      locked: reason !== null,
      reason,
      opens_at: opensAt,
    });
    if (!done && firstOpen === null) firstOpen = item.id;
    if (!done && reason === null && next === null) next = item.id;
  }
  return { items: states, progress: progressPercent(items, input), next: next ?? firstOpen };
}
