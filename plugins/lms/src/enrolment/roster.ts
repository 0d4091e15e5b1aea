import type { RosterEntryWire } from './routes/schemas.js';
import { containsPattern, sql } from '@lectern/sdk';
import type { CourseRow } from '../courses/index.js';
import type { LmsDb } from '../db/tables.js';
import { toSeconds } from './store.js';

/** One student on the roster, as the route sends it. */
export type RosterEntry = RosterEntryWire;

export interface RosterQuery {
  search?: string;
  limit: number;
  offset: number;
}

/**
 * A course's students, newest enrolment first. The page walks lms_course_students_roster_idx
 * (account_id, course_id, created_at DESC, student_id), so the first page of a 100,000-student
 * course reads `limit` index entries. Without a search the total is the course's student_count,
 * which enrolment keeps exact in the same transaction, so no count(*) runs over the whole course;
 * with a search the count runs on the narrowed predicate.
 */
export async function roster(db: LmsDb, accountId: string, course: CourseRow, query: RosterQuery): Promise<{ items: RosterEntry[]; total: number }> {
  const term = query.search?.trim() ?? '';
  let base = db
    .selectFrom('lms_course_students as cs')
    .leftJoin('members as m', (j) => j.onRef('m.account_id', '=', 'cs.account_id').onRef('m.user_id', '=', 'cs.student_id'))
    .leftJoin('users as u', 'u.id', 'cs.student_id')
    .where('cs.account_id', '=', accountId)
    .where('cs.course_id', '=', course.id);
  const name = sql<string>`coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '')`;
  const email = sql<string | null>`coalesce(m.email, u.email)`;
  if (term !== '') {
    const pattern = containsPattern(term);
    base = base.where((eb) => eb.or([eb(name, 'ilike', pattern), eb(email, 'ilike', pattern)]));
  }
  const rows = await base
    .select(['cs.student_id', 'cs.status', 'cs.progress', 'cs.marks', 'cs.start_at', 'cs.expiry', 'cs.created_at', name.as('name'), email.as('email')])
    .orderBy('cs.created_at', 'desc')
    .orderBy('cs.student_id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const total = term === '' ? course.student_count : Number((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  return {
    total,
    items: rows.map((r) => ({
      student_id: r.student_id,
      name: r.name,
      email: r.email,
      status: r.status,
      progress: r.progress,
      marks: r.marks,
      startAt: toSeconds(r.start_at),
      expiry: r.expiry === null ? null : new Date(r.expiry).getTime(),
      enrolled_at: new Date(r.created_at).toISOString(),
    })),
  };
}
