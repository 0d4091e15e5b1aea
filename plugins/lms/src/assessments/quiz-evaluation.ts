import { AppError } from '@lectern/sdk';
import { AssessmentErrors } from './errors.js';
import { markQuestion, type QuestionResult } from './question-marking.js';
import type { Question } from './question-schemas.js';
import type { QuizSettings } from './settings.js';

/** Marks every question automatically (essays stay pending). */
export function autoMark(questions: readonly Question[], responses: Record<string, unknown>): Record<string, QuestionResult> {
  const results: Record<string, QuestionResult> = {};
  for (const q of questions) {
    try {
      results[q.id] = markQuestion(q, responses[q.id]);
    } catch {
      // Stored data of an unexpected shape marks as wrong rather than failing the submission.
      results[q.id] = { awarded: 0, max: q.marks, outcome: q.type === 'essay' ? 'pending' : 'wrong' };
    }
  }
  return results;
}

/** Essays always need an instructor; manual quizzes too. */
export const needsInstructor = (settings: QuizSettings, questions: readonly Question[]): boolean =>
  settings.evaluation === 'manual' || questions.some((q) => q.type === 'essay');

export const totalAwarded = (results: Record<string, QuestionResult>): number => Object.values(results).reduce((sum, r) => sum + r.awarded, 0);
export const totalMax = (results: Record<string, QuestionResult>): number => Object.values(results).reduce((sum, r) => sum + r.max, 0);

/** Passed when the marks reach passing_mark percent of the maximum (a quiz worth 0 marks always passes). */
export function passed(awarded: number, max: number, passingMark: number): boolean {
  return max === 0 || awarded * 100 >= passingMark * max;
}

export const percent = (awarded: number, max: number): number => (max === 0 ? 100 : Math.floor((awarded * 100) / max));

/**
 * The instructor's evaluation: their marks replace the automatic ones question by question; every
 * essay must be given marks. Marks must lie within 0…the question's marks.
 */
export function applyInstructorMarks(
  results: Record<string, QuestionResult>,
  marks: Record<string, number>,
  questions: readonly Question[],
): Record<string, QuestionResult> {
  const next: Record<string, QuestionResult> = { ...results };
  for (const [id, given] of Object.entries(marks)) {
    const current = next[id];
    if (current === undefined) throw new AppError(AssessmentErrors.questionNotFound, `Question ${id} is not part of this attempt`);
    if (!Number.isInteger(given) || given < 0 || given > current.max)
      throw new AppError(AssessmentErrors.marksOutOfRange, `Marks for question ${id} must be between 0 and ${current.max}`);
    next[id] = { awarded: given, max: current.max, outcome: given >= current.max ? 'correct' : given > 0 ? 'partial' : 'wrong' };
  }
  const pendingEssay = questions.find((q) => q.type === 'essay' && next[q.id]?.outcome === 'pending');
  if (pendingEssay !== undefined) throw new AppError(AssessmentErrors.essayMarksMissing, `Give marks for the essay question ${pendingEssay.id}`);
  return next;
}
