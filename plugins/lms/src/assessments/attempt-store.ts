import type { Selectable } from '@lectern/sdk';
import { studentNameColumn } from './student-name.js';
import type { LmsDb, QuizSubmissionsTable } from '../db/tables.js';
import type { AttemptRecord } from './attempt-record.js';
import { writeAttemptRecord } from './attempt-record.js';

export type AttemptRow = Selectable<QuizSubmissionsTable>;

/** A student's attempts at a quiz, newest first (the first is their result). */
export async function listAttempts(db: LmsDb, accountId: string, quizId: string, studentId: string): Promise<AttemptRow[]> {
  return db
    .selectFrom('lms_quiz_submissions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .where('student_id', '=', studentId)
    .orderBy('attempt', 'desc')
    .execute();
}

export async function findAttempt(db: LmsDb, accountId: string, id: string): Promise<AttemptRow | null> {
  return (await db.selectFrom('lms_quiz_submissions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function insertAttempt(
  db: LmsDb,
  row: { accountId: string; quizId: string; courseId: string; studentId: string; attempt: number },
): Promise<AttemptRow> {
  return db
    .insertInto('lms_quiz_submissions')
    .values({
      account_id: row.accountId,
      quiz_id: row.quizId,
      course_id: row.courseId,
      student_id: row.studentId,
      attempt: row.attempt,
      status: 1,
      answers: writeAttemptRecord({ responses: {}, results: {}, late: false }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Records a submission or an evaluation: status 3 (awaiting the instructor) or 4 (evaluated). */
export async function saveAttempt(
  db: LmsDb,
  accountId: string,
  id: string,
  change: { status: 3 | 4; marks: number; record: AttemptRecord; submitted?: Date },
): Promise<AttemptRow> {
  return db
    .updateTable('lms_quiz_submissions')
    .set({
      status: change.status,
      marks: change.marks,
      answers: writeAttemptRecord(change.record),
      updated_at: new Date(),
      ...(change.submitted === undefined ? {} : { submitted_at: change.submitted }),
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Answers saved while the attempt is open (status 2, in progress). */
export async function saveProgress(db: LmsDb, accountId: string, id: string, record: AttemptRecord): Promise<AttemptRow> {
  return db
    .updateTable('lms_quiz_submissions')
    .set({ status: 2, answers: writeAttemptRecord(record), updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Quiz reset: every attempt of the student goes; returns how many there were. */
export async function deleteAttempts(db: LmsDb, accountId: string, quizId: string, studentId: string): Promise<number> {
  const rows = await db
    .deleteFrom('lms_quiz_submissions')
    .where('account_id', '=', accountId)
    .where('quiz_id', '=', quizId)
    .where('student_id', '=', studentId)
    .returning('id')
    .execute();
  return rows.length;
}

/** A course's quiz attempts in one status (the grading queue), oldest submission first, with a total. */
export async function listCourseAttempts(db: LmsDb, accountId: string, courseId: string, query: { status: number; limit: number; offset: number }) {
  const base = db
    .selectFrom('lms_quiz_submissions as s')
    .innerJoin('lms_items as i', (j) => j.onRef('i.account_id', '=', 's.account_id').onRef('i.id', '=', 's.quiz_id'))
    .where('s.account_id', '=', accountId)
    .where('s.course_id', '=', courseId)
    .where('s.status', '=', query.status);
  // One after the other: both run on the request's single connection.
  const rows = await base
    .select([
      's.id',
      's.quiz_id',
      'i.title as quiz_title',
      's.student_id',
      studentNameColumn(),
      's.attempt',
      's.status',
      's.marks',
      's.submitted_at',
      's.updated_at',
    ])
    .orderBy('s.submitted_at', 'asc')
    .orderBy('s.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}
