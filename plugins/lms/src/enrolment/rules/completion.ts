import { isAssessmentComplete, type SubmissionState } from '../../assessments/completion.js';
import type { ItemType } from '../../db/tables.js';

export interface RuleItem {
  id: string;
  post_type: ItemType;
  settings?: Record<string, unknown>;
}

/** The newest submission of one quiz or assignment by the student (null: none). */
export type { SubmissionState };

export interface CompletionInput {
  /** curriculum_data: item id → completion time in seconds. */
  stamps: Record<string, number>;
  quizzes: ReadonlyMap<string, SubmissionState>;
  assignments: ReadonlyMap<string, SubmissionState>;
}

/** Sections only group items; everything else counts towards progress (SPEC §4). */
export function countableItems<T extends RuleItem>(items: readonly T[]): T[] {
  return items.filter((item) => item.post_type !== 'section');
}

/**
 * SPEC §4: a unit is complete by its curriculum_data stamp; a quiz when its newest submission's
 * status is 3 or more; an assignment likewise and only once it has marks.
 */
export function isItemComplete(item: RuleItem, input: CompletionInput): boolean {
  switch (item.post_type) {
    case 'unit':
      return typeof input.stamps[item.id] === 'number';
    case 'quiz':
      return isAssessmentComplete('quiz', input.quizzes.get(item.id));
    case 'assignment':
      return isAssessmentComplete('assignment', input.assignments.get(item.id));
    default:
      return false;
  }
}

/** Whole percent of countable items complete, rounded down (1 of 3 → 33); no items → 0. */
export function progressPercent(items: readonly RuleItem[], input: CompletionInput): number {
  const countable = countableItems(items);
  if (countable.length === 0) return 0;
  const done = countable.filter((item) => isItemComplete(item, input)).length;
  return Math.floor((done * 100) / countable.length);
}
