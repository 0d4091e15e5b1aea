import { randomBytes } from 'node:crypto';
import type { LmsDb } from '../db/tables.js';
import { recipients } from '../events/recipients.js';

export interface Certificate {
  code: string;
  course_id: string;
  student_id: string;
  course_title: string;
  student_name: string;
  issued_at: string;
}

// Unambiguous letters and digits (no 0/O, 1/I/L): the code is read aloud and typed from paper.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/** 12 characters from a 31-letter alphabet: about 59 bits, out of reach of guessing. */
export function newCode(): string {
  const bytes = randomBytes(12);
  let code = '';
  for (const byte of bytes) code += ALPHABET[byte % ALPHABET.length];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

const toCertificate = (row: {
  code: string;
  course_id: string;
  student_id: string;
  course_title: string;
  student_name: string;
  issued_at: Date | string;
}): Certificate => ({
  ...row,
  issued_at: new Date(row.issued_at).toISOString(),
});

const columns = ['code', 'course_id', 'student_id', 'course_title', 'student_name', 'issued_at'] as const;

/**
 * Issues the student's certificate for the course once (a second completion after a reset keeps
 * the first). `created` says whether this call issued it.
 */
export async function issueCertificate(
  db: LmsDb,
  accountId: string,
  course: { id: string; title: string },
  studentId: string,
): Promise<{ certificate: Certificate; created: boolean }> {
  const name = (await recipients(db, accountId, [studentId])).get(studentId)?.name ?? '';
  const inserted = await db
    .insertInto('lms_certificates')
    .values({ account_id: accountId, code: newCode(), course_id: course.id, student_id: studentId, course_title: course.title, student_name: name })
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'student_id']).doNothing())
    .returning(columns)
    .executeTakeFirst();
  if (inserted !== undefined) return { certificate: toCertificate(inserted), created: true };
  const existing = await findByStudent(db, accountId, course.id, studentId);
  return { certificate: existing as Certificate, created: false };
}

export async function findByStudent(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<Certificate | null> {
  const row = await db
    .selectFrom('lms_certificates')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row === undefined ? null : toCertificate(row);
}

export async function findByCode(db: LmsDb, accountId: string, code: string): Promise<Certificate | null> {
  const row = await db
    .selectFrom('lms_certificates')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('code', '=', code.toUpperCase())
    .executeTakeFirst();
  return row === undefined ? null : toCertificate(row);
}
