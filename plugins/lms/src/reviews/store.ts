import type { OwnReviewWire, PublicReviewWire } from './schemas.js';
import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

export type OwnReview = OwnReviewWire;

export type PublicReview = PublicReviewWire;

export interface ReviewSummary {
  /** Mean rating to one decimal, null without reviews. */
  average: number | null;
  count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Writes the student's review of the course (one per student: a second one replaces the first). */
export async function saveReview(
  db: LmsDb,
  accountId: string,
  courseId: string,
  studentId: string,
  input: { rating: number; content: string },
): Promise<{ review: OwnReview; created: boolean }> {
  const now = new Date();
  const row = await db
    .insertInto('lms_reviews')
    .values({
      account_id: accountId,
      course_id: courseId,
      student_id: studentId,
      rating: input.rating,
      content: input.content,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'student_id']).doUpdateSet({ rating: input.rating, content: input.content, updated_at: now }))
    // xmax is 0 on a row this statement inserted, not on one it updated.
    .returning(['rating', 'content', 'created_at', 'updated_at', sql<boolean>`(xmax = 0)`.as('inserted')])
    .executeTakeFirstOrThrow();
  const review = { rating: row.rating, content: row.content, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
  return { review, created: row.inserted };
}

export async function ownReview(db: LmsDb, accountId: string, courseId: string, studentId: string): Promise<OwnReview | null> {
  const row = await db
    .selectFrom('lms_reviews')
    .select(['rating', 'content', 'created_at', 'updated_at'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  return row === undefined ? null : { rating: row.rating, content: row.content, created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

export async function reviewSummary(db: LmsDb, accountId: string, courseId: string): Promise<ReviewSummary> {
  const row = await db
    .selectFrom('lms_reviews')
    .select([sql<string | null>`round(avg(rating)::numeric, 1)`.as('average'), sql<string>`count(*)`.as('count')])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  return { average: row.average === null ? null : Number(row.average), count: Number(row.count) };
}

/** Newest reviews first, with the reviewer's name as the site shows members. */
export async function listReviews(db: LmsDb, accountId: string, courseId: string, limit: number, offset: number): Promise<PublicReview[]> {
  const { rows } = await sql<{ id: string; rating: number; content: string; name: string; created_at: Date | string }>`
    SELECT r.id, r.rating, r.content, coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '') AS name, r.created_at
      FROM lms_reviews r
      LEFT JOIN members m ON m.account_id = r.account_id AND m.user_id = r.student_id
      LEFT JOIN users u ON u.id = r.student_id
     WHERE r.account_id = ${accountId} AND r.course_id = ${courseId}
     ORDER BY r.created_at DESC, r.id
     LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
}
