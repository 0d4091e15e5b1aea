/** The question bank's types and data shapes (plugins/lms/src/assessments/question-schemas.ts). */
export const QUESTION_TYPES = ['single', 'multiple', 'truefalse', 'fill', 'match', 'order', 'essay'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export interface Question {
  id: string;
  type: QuestionType;
  prompt: string;
  marks: number;
  position: number;
  data: Record<string, unknown>;
}

/** Everything any type's form may hold; only the fields of the chosen type are sent. */
export interface QuestionDraft {
  type: QuestionType;
  prompt: string;
  marks: string;
  options: string[];
  /** Indexes of the right options (single: one). */
  correct: number[];
  truth: boolean;
  answers: string[];
  caseSensitive: boolean;
  pairs: Array<{ left: string; right: string }>;
  items: string[];
  maxWords: string;
}

const strings = (value: unknown, fallback: string[]) => (Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : fallback);

export function draftOf(question: Question | null): QuestionDraft {
  const d = question?.data ?? {};
  const correct = typeof d.correct === 'number' ? [d.correct] : Array.isArray(d.correct) ? d.correct.filter((c): c is number => typeof c === 'number') : [];
  const pairs = Array.isArray(d.pairs)
    ? (d.pairs as Array<{ left: string; right: string }>)
    : [
        { left: '', right: '' },
        { left: '', right: '' },
      ];
  return {
    type: question?.type ?? 'single',
    prompt: question?.prompt ?? '',
    marks: String(question?.marks ?? 1),
    options: strings(d.options, ['', '']),
    correct,
    truth: d.correct === true,
    answers: strings(d.answers, ['']),
    caseSensitive: d.case_sensitive === true,
    pairs,
    items: strings(d.items, ['', '']),
    maxWords: typeof d.max_words === 'number' ? String(d.max_words) : '',
  };
}

const filled = (list: string[]) => list.map((s) => s.trim()).filter((s) => s !== '');
const unique = (list: string[]) => new Set(list).size === list.length;

/** The request body for the draft, or the translation key of what is wrong with it. */
export function bodyOf(
  draft: QuestionDraft,
): { body: { type: QuestionType; prompt: string; marks: number; data: Record<string, unknown> } } | { problem: string } {
  if (draft.prompt.trim() === '') return { problem: 'questions.problem.prompt' };
  const marks = /^\d+$/.test(draft.marks.trim()) ? Number(draft.marks.trim()) : NaN;
  if (!(marks >= 0 && marks <= 1000)) return { problem: 'questions.problem.marks' };
  let data: Record<string, unknown>;
  switch (draft.type) {
    case 'single':
    case 'multiple': {
      // Blank options are dropped, so the right-answer indexes are remapped onto what is kept.
      const kept = draft.options.map((text, index) => ({ text: text.trim(), index })).filter((o) => o.text !== '');
      if (kept.length < 2) return { problem: 'questions.problem.options' };
      const correct = kept.flatMap((o, i) => (draft.correct.includes(o.index) ? [i] : []));
      if (correct.length === 0 || (draft.type === 'single' && correct.length !== 1)) return { problem: 'questions.problem.correct' };
      data = { options: kept.map((o) => o.text), correct: draft.type === 'single' ? correct[0] : correct };
      break;
    }
    case 'truefalse':
      data = { correct: draft.truth };
      break;
    case 'fill': {
      const answers = filled(draft.answers);
      if (answers.length === 0) return { problem: 'questions.problem.answers' };
      data = { answers, case_sensitive: draft.caseSensitive };
      break;
    }
    case 'match': {
      const pairs = draft.pairs.map((p) => ({ left: p.left.trim(), right: p.right.trim() })).filter((p) => p.left !== '' || p.right !== '');
      if (pairs.length < 2 || pairs.some((p) => p.left === '' || p.right === '')) return { problem: 'questions.problem.pairs' };
      if (!unique(pairs.map((p) => p.left)) || !unique(pairs.map((p) => p.right))) return { problem: 'questions.problem.unique' };
      data = { pairs };
      break;
    }
    case 'order': {
      const items = filled(draft.items);
      if (items.length < 2) return { problem: 'questions.problem.items' };
      if (!unique(items)) return { problem: 'questions.problem.unique' };
      data = { items };
      break;
    }
    case 'essay': {
      const words = draft.maxWords.trim();
      if (words !== '' && !(/^\d+$/.test(words) && Number(words) >= 1 && Number(words) <= 100_000)) return { problem: 'questions.problem.maxWords' };
      data = words === '' ? {} : { max_words: Number(words) };
      break;
    }
  }
  return { body: { type: draft.type, prompt: draft.prompt.trim(), marks, data } };
}
