import type { Question } from './question-schemas.js';

/** How a question went: `pending` is an essay (or a manual quiz) an instructor still has to mark. */
export type Outcome = 'correct' | 'partial' | 'wrong' | 'pending';

export interface QuestionResult {
  awarded: number;
  max: number;
  outcome: Outcome;
}

/**
 * Marks one answer. Rules (documented for authors):
 * - single, true/false: all or nothing.
 * - multiple: credit = (right picks − wrong picks) ÷ number of right options, at least 0; the marks
 *   awarded are the question's marks × credit rounded down (a 1-mark question has no partial
 *   marks, give it more marks for that). Every right option and nothing else: correct.
 * - fill: any accepted answer, ignoring surrounding and repeated spaces, and letter case unless
 *   the question is case sensitive.
 * - match and order: all or nothing (every pair, the whole order).
 * - essay: never automatic (pending, 0 until an instructor marks it).
 * Any answer of the wrong shape (or none) scores 0 as wrong.
 */
export function markQuestion(question: Question, answer: unknown): QuestionResult {
  const max = question.marks;
  const allOrNothing = (right: boolean): QuestionResult => ({ awarded: right ? max : 0, max, outcome: right ? 'correct' : 'wrong' });
  switch (question.type) {
    case 'single':
      return allOrNothing(asIndex(answer) === question.data.correct);
    case 'truefalse':
      return allOrNothing(asBoolean(answer) === question.data.correct);
    case 'multiple': {
      const picks = new Set((Array.isArray(answer) ? answer : []).map(asIndex).filter((i): i is number => i !== null));
      const correct = new Set(question.data.correct);
      let right = 0;
      let wrong = 0;
      for (const pick of picks) {
        if (correct.has(pick)) right += 1;
        else wrong += 1;
      }
      const credit = Math.max(0, right - wrong) / correct.size;
      return { awarded: Math.floor(max * credit), max, outcome: credit >= 1 ? 'correct' : credit > 0 ? 'partial' : 'wrong' };
    }
    case 'fill': {
      const text = asText(answer);
      const fold = (value: string) => (question.data.case_sensitive === true ? squash(value) : squash(value).toLocaleLowerCase());
      return allOrNothing(text !== null && squash(text) !== '' && question.data.answers.some((accepted) => fold(accepted) === fold(text)));
    }
    case 'match': {
      const given = asTexts(answer);
      const pairs = question.data.pairs;
      return allOrNothing(given !== null && given.length === pairs.length && pairs.every((pair, i) => squash(pair.right) === squash(given[i] ?? '')));
    }
    case 'order': {
      const given = asTexts(answer);
      const items = question.data.items;
      return allOrNothing(given !== null && given.length === items.length && items.every((item, i) => squash(item) === squash(given[i] ?? '')));
    }
    case 'essay':
      return { awarded: 0, max, outcome: 'pending' };
  }
}

/** Numbers and booleans arrive where a text was meant when the request's JSON coercion got there first. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

function asTexts(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const texts = value.map(asText);
  return texts.every((t): t is string => t !== null) ? texts : null;
}

function asIndex(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function asBoolean(value: unknown): boolean | null {
  return typeof value === 'boolean' ? value : null;
}

const squash = (value: string) => value.normalize('NFC').trim().replace(/\s+/g, ' ');
