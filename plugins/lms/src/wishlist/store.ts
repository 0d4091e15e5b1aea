import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';
import type { WishlistItemWire } from './schemas.js';

/** Saves the course to the member's wishlist; true when it was not there yet. */
export async function saveToWishlist(db: LmsDb, accountId: string, courseId: string, userId: string): Promise<boolean> {
  const added = await db
    .insertInto('lms_wishlist')
    .values({ account_id: accountId, course_id: courseId, user_id: userId })
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'user_id']).doNothing())
    .returning('course_id')
    .executeTakeFirst();
  return added !== undefined;
}

export async function removeFromWishlist(db: LmsDb, accountId: string, courseId: string, userId: string): Promise<void> {
  await db.deleteFrom('lms_wishlist').where('account_id', '=', accountId).where('course_id', '=', courseId).where('user_id', '=', userId).execute();
}

export async function isWishlisted(db: LmsDb, accountId: string, courseId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('lms_wishlist')
    .select('course_id')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of the member's wishlist (published courses only), newest first, with the count. */
export async function wishlistPage(
  db: LmsDb,
  accountId: string,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ count: number; items: WishlistItemWire[] }> {
  const base = db
    .selectFrom('lms_wishlist as w')
    .innerJoin('lms_courses as c', (join) => join.onRef('c.account_id', '=', 'w.account_id').onRef('c.id', '=', 'w.course_id'))
    .where('w.account_id', '=', accountId)
    .where('w.user_id', '=', userId)
    .where('c.status', '=', 'published');
  const [rows, counted] = await Promise.all([
    base
      .select(['c.id', 'c.title', 'c.slug', 'c.excerpt', 'w.created_at'])
      .orderBy('w.created_at', 'desc')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    count: counted.count,
    items: rows.map((row) => ({ id: row.id, title: row.title, slug: row.slug, excerpt: row.excerpt, saved_at: new Date(row.created_at).toISOString() })),
  };
}

/** The members who have the course on their wishlist, oldest first. */
export async function wishlistersOf(db: LmsDb, accountId: string, courseId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('lms_wishlist')
    .select('user_id')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.user_id);
}
