import type { LmsDb } from '../db/tables.js';
import { isAssessmentComplete } from './completion.js';

/**
 * The quizzes and assignments of a course the student has completed (SPEC §4 thresholds), by item
 * id: for progress, which counts them beside the units' stamps. A quiz counts once any attempt is
 * submitted: a retake in progress does not undo it (docs/decisions.md).
 */
export async function completedAssessments(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<Set<string>> {
  const attempts = await db
    .selectFrom('lms_quiz_submissions')
    .select(['quiz_id', 'status', 'marks'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .execute();
  const done = new Set<string>();
  for (const a of attempts) if (isAssessmentComplete('quiz', a)) done.add(a.quiz_id);
  const assignments = await db
    .selectFrom('lms_assignment_submissions')
    .select(['assignment_id', 'status', 'marks'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .execute();
  for (const s of assignments) if (isAssessmentComplete('assignment', s)) done.add(s.assignment_id);
  return done;
}

/** Course reset (SPEC §4): the student's quiz attempts and assignment submissions in the course go. */
export async function deleteStudentSubmissions(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<void> {
  await db
    .deleteFrom('lms_quiz_submissions')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .execute();
  await db
    .deleteFrom('lms_assignment_submissions')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .execute();
}
