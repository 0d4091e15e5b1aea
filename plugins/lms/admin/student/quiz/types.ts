/** What the quiz endpoints answer with (plugins/lms/src/assessments/routes/attempt-routes.ts). */

export type QuestionType = 'single' | 'multiple' | 'truefalse' | 'fill' | 'match' | 'order' | 'essay';

/** A question without its answer: what the student chooses from. */
export interface StudentQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  marks: number;
  position: number;
  options?: string[];
  left?: string[];
  right?: string[];
  items?: string[];
  max_words?: number;
}

/** index · index[] · boolean · text · text[] (match: the right side for each left; order: the items). */
export type Answer = number | number[] | boolean | string | string[];
export type Answers = Record<string, Answer>;

export interface QuizSettings {
  /** Seconds; 0 = no limit. */
  time_limit: number;
  retakes: number;
  passing_mark: number;
  evaluation: 'auto' | 'manual';
}

export interface OpenAttempt {
  id: string;
  attempt: number;
  status: number;
  started_at: string;
  deadline: string | null;
  expired: boolean;
}

export interface QuizView {
  id: string;
  course_id: string;
  title: string;
  settings: QuizSettings;
  question_count: number;
  total_marks: number;
  attempts_used: number;
  attempts_allowed: number;
  current: OpenAttempt | null;
  questions: StudentQuestion[];
  answers: Record<string, unknown>;
}

export interface AttemptResult {
  id: string;
  attempt: number;
  /** 3 awaiting evaluation · 4 evaluated. */
  status: number;
  started_at: string;
  submitted_at: string | null;
  deadline: string | null;
  late: boolean;
  marks: number | null;
  total_marks: number | null;
  percent: number | null;
  passed: boolean | null;
  questions: Array<{ id: string; prompt: string | null; awarded: number; max: number; outcome: string }>;
}

export interface QuizResults {
  quiz_id: string;
  passing_mark: number;
  attempts_used: number;
  attempts_allowed: number;
  attempts: AttemptResult[];
}
