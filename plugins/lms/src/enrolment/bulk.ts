import { sql } from '@lectern/sdk';
import { lmsDb } from '../db/tables.js';
import type { LmsScope } from '../events/index.js';
import type { BULK_RESULTS } from './routes/schemas.js';
import type { EnrolmentService } from './service.js';

export type BulkOutcome = (typeof BULK_RESULTS)[number];

export interface BulkRow {
  row: number;
  email: string;
  result: BulkOutcome;
  student_id?: string;
}

/** At most this many addresses per upload, so one request stays a bounded transaction. */
export const BULK_LIMIT = 1000;
const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[a-z]{2,}$/i;

/**
 * The addresses of a CSV upload: one row per line; the first cell that holds an "@" is the
 * address (so "email", "name,email" and "email,name" exports all work); a header line and blank
 * lines are skipped. Quotes around cells are dropped.
 */
export function parseEmails(csv: string): Array<{ row: number; email: string }> {
  const out: Array<{ row: number; email: string }> = [];
  csv.split(/\r\n|\n|\r/).forEach((line, index) => {
    const cells = line.split(/[,;\t]/).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    );
    if (cells.every((c) => c === '')) return;
    const cell = cells.find((c) => c.includes('@'));
    if (cell === undefined) {
      // A header ("email", "name,email") is not a failed row.
      if (index === 0 && cells.some((c) => /e-?mail/i.test(c))) return;
      out.push({ row: index + 1, email: cells.join(',') });
      return;
    }
    out.push({ row: index + 1, email: cell.toLowerCase() });
  });
  return out;
}

/** Enrols the site's members named in the CSV, one result per row, in the order given. */
export async function bulkEnrol(service: EnrolmentService, scope: LmsScope, courseId: string, csv: string, now: Date): Promise<BulkRow[]> {
  const db = lmsDb(scope.db);
  const accountId = scope.accountId;
  const rows = parseEmails(csv).slice(0, BULK_LIMIT);
  const valid = [...new Set(rows.filter((r) => EMAIL.test(r.email)).map((r) => r.email))];
  const members =
    valid.length === 0
      ? []
      : await db
          .selectFrom('members as m')
          .leftJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.user_id', sql<string>`lower(coalesce(m.email, u.email))`.as('email')])
          .where('m.account_id', '=', accountId)
          .where(sql<string>`lower(coalesce(m.email, u.email))`, 'in', valid)
          .execute();
  const byEmail = new Map(members.map((m) => [m.email, m.user_id]));
  const results: BulkRow[] = [];
  for (const { row, email } of rows) {
    if (!EMAIL.test(email)) {
      results.push({ row, email, result: 'invalid_email' });
      continue;
    }
    const userId = byEmail.get(email);
    if (userId === undefined) {
      results.push({ row, email, result: 'not_member' });
      continue;
    }
    const outcome = await service.enrol(scope, courseId, userId, 'csv', now);
    const result: BulkOutcome = outcome.status === 1 ? (outcome.created ? 'enrolled' : 'already_enrolled') : 'code' in outcome ? 'seats' : 'failed';
    results.push({ row, email, result, student_id: userId });
  }
  return results;
}
