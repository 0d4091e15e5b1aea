import type { AttemptRow } from './attempt-store.js';
import { readAttemptRecord } from './attempt-record.js';
import type { Question } from './question-schemas.js';
import { passed, percent, totalMax } from './quiz-evaluation.js';
import { TIME_LIMIT_GRACE_SECONDS, type QuizSettings } from './settings.js';

/** When the attempt's time runs out (null: no limit). The grace is not shown: it is for the network. */
export function deadlineOf(attempt: Pick<AttemptRow, 'started_at'>, settings: QuizSettings): Date | null {
  return settings.time_limit === 0 ? null : new Date(new Date(attempt.started_at).getTime() + settings.time_limit * 1000);
}

/** True once the time limit and its grace have passed. */
export function isLate(attempt: Pick<AttemptRow, 'started_at'>, settings: QuizSettings, now: Date): boolean {
  const deadline = deadlineOf(attempt, settings);
  return deadline !== null && now.getTime() > deadline.getTime() + TIME_LIMIT_GRACE_SECONDS * 1000;
}

export interface AttemptResult {
  id: string;
  attempt: number;
  status: number;
  started_at: Date;
  submitted_at: Date | null;
  deadline: Date | null;
  late: boolean;
  /** Marks, percent, pass and per-question outcomes appear once the attempt is evaluated (status 4). */
  marks: number | null;
  total_marks: number | null;
  percent: number | null;
  passed: boolean | null;
  questions: Array<{ id: string; prompt: string | null; awarded: number; max: number; outcome: string }>;
}

/** A student's view of one attempt: how it went, never the right answers. */
export function attemptResult(row: AttemptRow, settings: QuizSettings, questions: readonly Question[]): AttemptResult {
  const record = readAttemptRecord(row.answers);
  const evaluated = row.status === 4;
  const max = totalMax(record.results);
  const prompts = new Map(questions.map((q) => [q.id, q.prompt]));
  const order = new Map(questions.map((q, i) => [q.id, i]));
  const perQuestion = Object.entries(record.results)
    .map(([id, r]) => ({ id, prompt: prompts.get(id) ?? null, awarded: r.awarded, max: r.max, outcome: r.outcome }))
    .sort((a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity));
  return {
    id: row.id,
    attempt: row.attempt,
    status: row.status,
    started_at: row.started_at,
    submitted_at: row.submitted_at,
    deadline: deadlineOf(row, settings),
    late: record.late,
    marks: evaluated ? row.marks : null,
    total_marks: evaluated ? max : null,
    percent: evaluated ? percent(row.marks, max) : null,
    passed: evaluated ? passed(row.marks, max, settings.passing_mark) : null,
    questions: evaluated ? perQuestion : [],
  };
}

const Timestamp = { type: 'string', format: 'date-time' } as const;
const NullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const NullableInteger = { type: ['integer', 'null'] } as const;

export const AttemptResultSchema = {
  type: 'object',
  required: ['id', 'attempt', 'status', 'started_at', 'submitted_at', 'deadline', 'late', 'marks', 'total_marks', 'percent', 'passed', 'questions'],
  properties: {
    id: { type: 'string' },
    attempt: { type: 'integer' },
    status: { type: 'integer' },
    started_at: Timestamp,
    submitted_at: NullableTimestamp,
    deadline: NullableTimestamp,
    late: { type: 'boolean' },
    marks: NullableInteger,
    total_marks: NullableInteger,
    percent: NullableInteger,
    passed: { type: ['boolean', 'null'] },
    questions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'prompt', 'awarded', 'max', 'outcome'],
        properties: {
          id: { type: 'string' },
          prompt: { type: ['string', 'null'] },
          awarded: { type: 'integer' },
          max: { type: 'integer' },
          outcome: { type: 'string' },
        },
      },
    },
  },
} as const;
