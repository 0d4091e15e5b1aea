import { AppError, sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';
import { CourseErrors } from './errors.js';

export interface Person {
  id: string;
  name: string;
}

/** Authors of each course, main author first, then by when they were added; one query for a page. */
export async function authorsOf(db: LmsDb, accountId: string, courseIds: string[]): Promise<Map<string, Person[]>> {
  const result = new Map<string, Person[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return result;
  const { rows } = await sql<{ course_id: string; id: string; name: string }>`
    SELECT a.course_id, a.author_id AS id, coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '') AS name
      FROM lms_course_authors a
      JOIN lms_courses c ON c.account_id = a.account_id AND c.id = a.course_id
      LEFT JOIN members m ON m.account_id = a.account_id AND m.user_id = a.author_id
      LEFT JOIN users u ON u.id = a.author_id
     WHERE a.account_id = ${accountId} AND a.course_id IN (${sql.join(courseIds)})
     ORDER BY (a.author_id = c.author_id) DESC, a.created_at, a.author_id`.execute(db);
  for (const row of rows) result.get(row.course_id)?.push({ id: row.id, name: row.name });
  return result;
}

/** The role capabilities of those of the users who are members of the site (others have no entry). */
async function capsOfMembers(db: LmsDb, accountId: string, userIds: string[]): Promise<Array<{ user_id: string; caps: ReadonlySet<string> }>> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .select(['m.user_id', 'r.caps'])
    .where('m.account_id', '=', accountId)
    .where('m.user_id', 'in', userIds)
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, caps: new Set(Array.isArray(row.caps) ? row.caps : []) }));
}

/** Refuses authors who are not members allowed to create courses (create_courses or manage_options). */
export async function checkAuthors(db: LmsDb, accountId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const members = await capsOfMembers(db, accountId, userIds);
  const allowed = new Set(members.filter((m) => m.caps.has('create_courses') || m.caps.has('manage_options')).map((m) => m.user_id));
  const refused = userIds.filter((id) => !allowed.has(id));
  if (refused.length > 0) throw new AppError(CourseErrors.notInstructor, `${CourseErrors.notInstructor.message}: ${refused.join(', ')}`);
}

/** True when the user is one of the course's authors. */
export async function isAuthor(db: LmsDb, accountId: string, courseId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lms_course_authors')
    .select('author_id')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('author_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's capabilities on this site (their role's), empty for someone who is not a member. */
export async function memberCaps(db: LmsDb, accountId: string, userId: string): Promise<ReadonlySet<string>> {
  const [member] = await capsOfMembers(db, accountId, [userId]);
  return member?.caps ?? new Set();
}
