import type { Selectable } from '@lectern/sdk';
import { studentNameColumn } from './student-name.js';
import type { AssignmentSubmissionsTable, LmsDb } from '../db/tables.js';

export type AssignmentSubmissionRow = Selectable<AssignmentSubmissionsTable>;

export async function findSubmission(db: LmsDb, accountId: string, assignmentId: string, studentId: string): Promise<AssignmentSubmissionRow | null> {
  return (
    (await db
      .selectFrom('lms_assignment_submissions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('assignment_id', '=', assignmentId)
      .where('student_id', '=', studentId)
      .executeTakeFirst()) ?? null
  );
}

export async function findSubmissionById(db: LmsDb, accountId: string, id: string): Promise<AssignmentSubmissionRow | null> {
  return (await db.selectFrom('lms_assignment_submissions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()) ?? null;
}

/**
 * Submit or resubmit (status 3, unmarked); one row per student and assignment. A marked
 * submission is never overwritten, even by a resubmission racing the marking: null then.
 */
export async function upsertSubmission(
  db: LmsDb,
  row: { accountId: string; assignmentId: string; courseId: string; studentId: string; content: string; filePath: string | null },
): Promise<AssignmentSubmissionRow | null> {
  const now = new Date();
  const change = { status: 3, marks: null, content: row.content, file_path: row.filePath, submitted_at: now, updated_at: now };
  const saved = await db
    .insertInto('lms_assignment_submissions')
    .values({ account_id: row.accountId, assignment_id: row.assignmentId, course_id: row.courseId, student_id: row.studentId, ...change })
    .onConflict((oc) => oc.columns(['account_id', 'assignment_id', 'student_id']).doUpdateSet(change).where('lms_assignment_submissions.marks', 'is', null))
    .returningAll()
    .executeTakeFirst();
  return saved ?? null;
}

export async function markSubmission(db: LmsDb, accountId: string, id: string, marks: number): Promise<AssignmentSubmissionRow> {
  return db
    .updateTable('lms_assignment_submissions')
    .set({ status: 4, marks, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSubmission(db: LmsDb, accountId: string, assignmentId: string, studentId: string): Promise<number> {
  const rows = await db
    .deleteFrom('lms_assignment_submissions')
    .where('account_id', '=', accountId)
    .where('assignment_id', '=', assignmentId)
    .where('student_id', '=', studentId)
    .returning('id')
    .execute();
  return rows.length;
}

export async function listCourseSubmissions(db: LmsDb, accountId: string, courseId: string, query: { status: number; limit: number; offset: number }) {
  const base = db
    .selectFrom('lms_assignment_submissions as s')
    .innerJoin('lms_items as i', (j) => j.onRef('i.account_id', '=', 's.account_id').onRef('i.id', '=', 's.assignment_id'))
    .where('s.account_id', '=', accountId)
    .where('s.course_id', '=', courseId)
    .where('s.status', '=', query.status);
  // One after the other: both run on the request's single connection.
  const rows = await base
    .select([
      's.id',
      's.assignment_id',
      'i.title as assignment_title',
      's.student_id',
      studentNameColumn(),
      's.status',
      's.marks',
      's.content',
      's.file_path',
      's.submitted_at',
    ])
    .orderBy('s.submitted_at', 'asc')
    .orderBy('s.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst();
  return { rows, total: Number(count?.total ?? 0) };
}
