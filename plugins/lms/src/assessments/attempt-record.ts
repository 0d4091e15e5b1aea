import type { Outcome, QuestionResult } from './question-marking.js';

/**
 * What lms_quiz_submissions.answers holds for one attempt: the student's responses by question
 * id, the per-question results once marked (kept, so later edits to the question bank never
 * rewrite a past result), and whether the attempt came in after its time ran out.
 */
export interface AttemptRecord {
  responses: Record<string, unknown>;
  results: Record<string, QuestionResult>;
  late: boolean;
}

const OUTCOMES: readonly Outcome[] = ['correct', 'partial', 'wrong', 'pending'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads the stored record defensively (anything unreadable is left out). */
export function readAttemptRecord(value: unknown): AttemptRecord {
  const record = isObject(value) ? value : {};
  const results: Record<string, QuestionResult> = {};
  if (isObject(record.results)) {
    for (const [id, r] of Object.entries(record.results)) {
      if (isObject(r) && typeof r.awarded === 'number' && typeof r.max === 'number' && OUTCOMES.includes(r.outcome as Outcome)) {
        results[id] = { awarded: r.awarded, max: r.max, outcome: r.outcome as Outcome };
      }
    }
  }
  return { responses: isObject(record.responses) ? record.responses : {}, results, late: record.late === true };
}

export const writeAttemptRecord = (record: AttemptRecord): string => JSON.stringify(record);
