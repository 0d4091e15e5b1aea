import type { CourseStatsWire } from './schema.js';
import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

/** Days the enrolment chart covers, today included. */
export const ENROLMENT_DAYS = 30;

export type CourseStats = CourseStatsWire;

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A course's figures in three aggregate queries, whatever its size: the students' summary, the
 * enrolments per day and the quiz marks. Every filter leads with account_id so the tenant indexes
 * (roster, items, grading) serve them.
 */
export async function courseStats(db: LmsDb, accountId: string, courseId: string, now: Date): Promise<CourseStats> {
  const summary = await db
    .selectFrom('lms_course_students')
    .select([
      sql<string>`count(*)`.as('students'),
      sql<string>`count(*) FILTER (WHERE status = 1)`.as('s1'),
      sql<string>`count(*) FILTER (WHERE status = 2)`.as('s2'),
      sql<string>`count(*) FILTER (WHERE status = 3)`.as('s3'),
      sql<string>`count(*) FILTER (WHERE status = 4)`.as('s4'),
      sql<string | null>`avg(progress)`.as('progress'),
    ])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();

  // The window starts at UTC midnight so every bar is a whole day.
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (ENROLMENT_DAYS - 1) * DAY_MS);
  const perDay = await db
    .selectFrom('lms_course_students')
    .select([sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('count')])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('created_at', '>=', from)
    .groupBy(sql`1`)
    .execute();

  const quizzes = await db
    .selectFrom('lms_items as q')
    .leftJoin('lms_quiz_submissions as s', (join) =>
      join.onRef('s.account_id', '=', 'q.account_id').onRef('s.course_id', '=', 'q.course_id').onRef('s.quiz_id', '=', 'q.id').on('s.status', '=', 4),
    )
    .select(['q.id', 'q.title', sql<string>`count(s.id)`.as('attempts'), sql<string | null>`avg(s.marks)`.as('average')])
    .where('q.account_id', '=', accountId)
    .where('q.course_id', '=', courseId)
    .where('q.post_type', '=', 'quiz')
    .groupBy(['q.id', 'q.title', 'q.position'])
    .orderBy('q.position')
    .execute();

  const students = Number(summary.students);
  const counts = [Number(summary.s1), Number(summary.s2), Number(summary.s3), Number(summary.s4)];
  const byDay = new Map(perDay.map((row) => [row.day, Number(row.count)]));
  return {
    course_id: courseId,
    students,
    by_status: counts.map((count, index) => ({ status: index + 1, count })),
    average_progress: summary.progress === null ? 0 : Math.round(Number(summary.progress)),
    completion_rate: students === 0 ? 0 : Math.round((((counts[2] ?? 0) + (counts[3] ?? 0)) * 100) / students),
    enrolments: Array.from({ length: ENROLMENT_DAYS }, (_, i) => {
      const date = isoDay(new Date(from.getTime() + i * DAY_MS));
      return { date, count: byDay.get(date) ?? 0 };
    }),
    quizzes: quizzes.map((row) => ({
      id: row.id,
      title: row.title,
      attempts: Number(row.attempts),
      // One decimal: marks are whole numbers, their mean rarely is.
      average_marks: row.average === null ? null : Math.round(Number(row.average) * 10) / 10,
    })),
  };
}
