import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

export interface Recipient {
  id: string;
  name: string;
  email: string | null;
}

/**
 * Names and addresses of members of the account, in one query (members' own, else the user's).
 * Only members: someone who left the site (a former author) hears nothing more from it.
 */
export async function recipients(db: LmsDb, accountId: string, userIds: readonly string[]): Promise<Map<string, Recipient>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const { rows } = await sql<Recipient>`
    SELECT u.id,
           coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '') AS name,
           coalesce(nullif(m.email, ''), u.email) AS email
      FROM members m
      JOIN users u ON u.id = m.user_id
     WHERE m.account_id = ${accountId} AND m.user_id IN (${sql.join(unique)})`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/** Everyone who authors the course (the instructors told of new students and submissions). */
export async function authorIds(db: LmsDb, accountId: string, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom('lms_course_authors').select('author_id').where('account_id', '=', accountId).where('course_id', '=', courseId).execute();
  return rows.map((row) => row.author_id);
}
