import type { QuestionType } from '../db/tables.js';
import type { Question } from './question-schemas.js';

/** A question as a student sees it: what to choose from, never which choice is right. */
export interface StudentQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  marks: number;
  position: number;
  /** single, multiple: the options, answered by index. */
  options?: string[];
  /** match: the left sides in order, and every right side sorted so their order tells nothing. */
  left?: string[];
  right?: string[];
  /** order: the items sorted alphabetically (never in the stored, correct order). */
  items?: string[];
  /** essay */
  max_words?: number;
}

const sorted = (texts: string[]) => [...texts].sort((a, b) => a.localeCompare(b));

export function toStudentQuestion(question: Question): StudentQuestion {
  const base = { id: question.id, type: question.type, prompt: question.prompt, marks: question.marks, position: question.position };
  switch (question.type) {
    case 'single':
    case 'multiple':
      return { ...base, options: question.data.options };
    case 'match':
      return { ...base, left: question.data.pairs.map((p) => p.left), right: sorted(question.data.pairs.map((p) => p.right)) };
    case 'order':
      return { ...base, items: sorted(question.data.items) };
    case 'essay':
      return question.data.max_words === undefined ? base : { ...base, max_words: question.data.max_words };
    case 'truefalse':
    case 'fill':
      return base;
  }
}
