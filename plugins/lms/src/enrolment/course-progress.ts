import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

/**
 * Every enrolled student's stored progress recomputed from the course's current curriculum, in one
 * statement (DECISIONS.md: progress is recomputed in the transaction that changes what it is made
 * of, so it never drifts). The same rule as `progressPercent` (rules/completion.ts): sections do not
 * count; a unit counts when curriculum_data holds a numeric stamp for it; a quiz when the student has
 * a submitted attempt (status ≥ 3: a retake in progress does not undo it); an assignment at status
 * ≥ 3 with marks. Whole percent, rounded down; no countable items → 0. Only rows whose figure
 * changes are written. Returns how many were.
 *
 * Callers hold the course row locked FOR UPDATE (curriculum edits do), and progress writers of one
 * student take `holdCurriculum` first, so neither can work from a curriculum the other is changing.
 */
export async function recomputeCourseProgress(db: LmsDb, accountId: string, courseId: string): Promise<number> {
  const result = await sql`
    WITH countable AS (
      SELECT i.id, i.post_type
        FROM lms_items i
       WHERE i.account_id = ${accountId} AND i.course_id = ${courseId} AND i.post_type <> 'section'
    ), total AS (
      SELECT count(*)::int AS n FROM countable
    ), figures AS (
      SELECT cs.student_id,
             CASE WHEN t.n = 0 THEN 0 ELSE (count(i.id) * 100 / t.n)::int END AS progress
        FROM lms_course_students cs
        CROSS JOIN total t
        LEFT JOIN countable i ON
             (i.post_type = 'unit' AND jsonb_typeof(cs.curriculum_data -> (i.id::text)) = 'number')
          OR (i.post_type = 'quiz' AND EXISTS (
                SELECT 1 FROM lms_quiz_submissions q
                 WHERE q.account_id = cs.account_id AND q.course_id = cs.course_id AND q.student_id = cs.student_id
                   AND q.quiz_id = i.id AND q.status >= 3))
          OR (i.post_type = 'assignment' AND EXISTS (
                SELECT 1 FROM lms_assignment_submissions s
                 WHERE s.account_id = cs.account_id AND s.course_id = cs.course_id AND s.student_id = cs.student_id
                   AND s.assignment_id = i.id AND s.status >= 3 AND s.marks IS NOT NULL))
       WHERE cs.account_id = ${accountId} AND cs.course_id = ${courseId}
       GROUP BY cs.student_id, t.n
    )
    UPDATE lms_course_students cs
       SET progress = f.progress, updated_at = now()
      FROM figures f
     WHERE cs.account_id = ${accountId} AND cs.course_id = ${courseId} AND cs.student_id = f.student_id
       AND cs.progress <> f.progress`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * A share lock on the course row for the rest of the transaction. Whoever recomputes one student's
 * progress takes it before locking the enrolment row: a curriculum edit (which locks the course FOR
 * UPDATE and then rewrites every student's progress) waits for them, and they wait for it, so a
 * figure is never computed from a curriculum that is changing underneath. Lock order everywhere:
 * course row, then enrolment rows. KEY SHARE only waits for FOR UPDATE holders (curriculum edits,
 * enrolment's seat check), which are short; students' own progress writes never wait for each other.
 */
export async function holdCurriculum(db: LmsDb, accountId: string, courseId: string): Promise<void> {
  await db.selectFrom('lms_courses').select('id').where('account_id', '=', accountId).where('id', '=', courseId).forKeyShare().execute();
}
