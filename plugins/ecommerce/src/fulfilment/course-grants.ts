import type { PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import type { ShopScope } from '../scope.js';
import { courseEnrolment } from './courses.js';

/** What gave a course: an order or a membership level. */
export type CourseSource = `order:${string}` | `membership:${string}`;

/**
 * Enrols the member through the LMS and records that `source` holds the course. An enrolment the
 * student already had on their own (free, CSV, an instructor) is left unrecorded, so taking
 * `source` back never removes it; one another shop source holds is recorded beside it.
 */
export async function giveCourse(ctx: PluginContext, scope: ShopScope, userId: string, courseId: string, source: CourseSource): Promise<void> {
  const lms = courseEnrolment(ctx);
  if (lms === null) return;
  const db = shopDb(scope.db);
  const result = await lms.enrol(scope, courseId, userId, source.startsWith('order:') ? 'purchase' : 'membership');
  if (result.status === 0) {
    // Paid for or granted, and not delivered (a full course, a course gone): the owner must act.
    ctx.log.error({ accountId: scope.accountId, userId, courseId, source, result }, 'the shop could not enrol a member in a course it sold or granted');
    return;
  }
  const heldByShop = await db
    .selectFrom('ecommerce_course_grants')
    .select('source')
    .where('account_id', '=', scope.accountId)
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .limit(1)
    .executeTakeFirst();
  if (result.created !== true && heldByShop === undefined) return;
  await db
    .insertInto('ecommerce_course_grants')
    .values({ account_id: scope.accountId, user_id: userId, course_id: courseId, source })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Forgets what `source` gave the member and unenrols them from each course nothing else holds. */
export async function takeBackCourses(ctx: PluginContext, scope: ShopScope, userId: string, source: CourseSource): Promise<void> {
  const db = shopDb(scope.db);
  const released = await db
    .deleteFrom('ecommerce_course_grants')
    .where('account_id', '=', scope.accountId)
    .where('user_id', '=', userId)
    .where('source', '=', source)
    .returning('course_id')
    .execute();
  if (released.length === 0) return;
  const stillHeld = await db
    .selectFrom('ecommerce_course_grants')
    .select('course_id')
    .where('account_id', '=', scope.accountId)
    .where('user_id', '=', userId)
    .where(
      'course_id',
      'in',
      released.map((row) => row.course_id),
    )
    .execute();
  const kept = new Set(stillHeld.map((row) => row.course_id));
  const lms = courseEnrolment(ctx);
  for (const { course_id: courseId } of released) if (!kept.has(courseId)) await lms?.unenrol(scope, courseId, userId);
}
