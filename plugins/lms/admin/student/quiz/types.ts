import type { AttemptResultWire, QuizResultsWire, QuizViewWire, StudentQuestionWire } from '../../../src/assessments/routes/schemas.js';

/** What the quiz endpoints answer with (plugins/lms/src/assessments/routes/attempt-routes.ts). */

export type QuestionType = 'single' | 'multiple' | 'truefalse' | 'fill' | 'match' | 'order' | 'essay';

/** A question without its answer: what the student chooses from (the wire names its type as a string). */
export type StudentQuestion = Omit<StudentQuestionWire, 'type'> & { type: QuestionType };

/** index · index[] · boolean · text · text[] (match: the right side for each left; order: the items). */
export type Answer = number | number[] | boolean | string | string[];
export type Answers = Record<string, Answer>;

export type QuizSettings = QuizViewWire['settings'];
export type OpenAttempt = NonNullable<QuizViewWire['current']>;
export type QuizView = Omit<QuizViewWire, 'questions'> & { questions: StudentQuestion[] };
/** One attempt: status 3 awaiting evaluation · 4 evaluated. */
export type AttemptResult = AttemptResultWire;
export type QuizResults = QuizResultsWire;
