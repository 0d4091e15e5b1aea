import type { MatchData, MultipleData, OrderData, Question, SingleData } from './question-schemas.js';

/**
 * The checks JSON schema cannot express: indexes inside the options, and texts that must be unique
 * because students answer with them. Returns the problem, or null when the data is sound.
 */
export function questionDataProblem(question: Pick<Question, 'type' | 'data'>): string | null {
  switch (question.type) {
    case 'single':
      return indexProblem((question.data as SingleData).options, [(question.data as SingleData).correct]);
    case 'multiple':
      return indexProblem((question.data as MultipleData).options, (question.data as MultipleData).correct);
    case 'match': {
      const pairs = (question.data as MatchData).pairs;
      if (!unique(pairs.map((p) => p.left))) return 'data.pairs: each left side must be different';
      if (!unique(pairs.map((p) => p.right))) return 'data.pairs: each right side must be different';
      return null;
    }
    case 'order':
      return unique((question.data as OrderData).items) ? null : 'data.items must all be different';
    default:
      return null;
  }
}

function indexProblem(options: string[], correct: number[]): string | null {
  return correct.every((i) => i < options.length) ? null : `data.correct must point at one of the ${options.length} options (0-based)`;
}

const unique = (texts: string[]) => new Set(texts.map((t) => t.trim())).size === texts.length;
