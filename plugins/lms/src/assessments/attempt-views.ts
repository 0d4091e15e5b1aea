import type { Static } from '@lectern/sdk';
import type { AttemptResultSchema } from './routes/schemas.js';
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

/** A student's view of one attempt; marks, percent, pass and per-question outcomes appear once it is evaluated (status 4). */
export type AttemptResult = Static<typeof AttemptResultSchema>;

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
