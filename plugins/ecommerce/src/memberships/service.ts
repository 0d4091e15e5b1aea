import { sql, type PluginContext } from '@lectern/sdk';
import type { ShopDb } from '../db/tables.js';
import { courseEnrolment } from '../fulfilment/courses.js';
import { memberContact } from '../members.js';
import type { ShopScope } from '../scope.js';
import { raise } from '../triggers.js';

/** Where a membership came from: a purchase, a subscription, the owner, an automation. */
export type GrantSource = 'purchase' | 'subscription' | 'manual' | 'automation';

/**
 * Grants and revokes membership levels. A level grants its courses (LMS enrolment, skipped where
 * the LMS is not installed); membership_subscribed and membership_ended go to automations once
 * the transaction has committed.
 */
export class Memberships {
  constructor(private readonly ctx: PluginContext) {}

  /** Makes the member's level active; true when it was not active before. */
  async grant(scope: ShopScope, membershipId: string, userId: string, source: GrantSource, orderId: string | null = null): Promise<boolean> {
    const db = scope.db as ShopDb;
    const level = await db.selectFrom('ecommerce_memberships').select(['id', 'course_ids']).where('account_id', '=', scope.accountId).where('id', '=', membershipId).executeTakeFirst();
    // Only members of the site hold its levels (a user id of another site is refused).
    if (level === undefined || (await memberContact(db, scope.accountId, userId)) === null) return false;
    const before = await db
      .selectFrom('ecommerce_member_memberships')
      .select('status')
      .where('account_id', '=', scope.accountId)
      .where('membership_id', '=', membershipId)
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (before?.status === 'active') return false;
    await db
      .insertInto('ecommerce_member_memberships')
      .values({ account_id: scope.accountId, membership_id: membershipId, user_id: userId, status: 'active', source, order_id: orderId, started_at: new Date(), ended_at: null })
      .onConflict((oc) => oc.columns(['account_id', 'membership_id', 'user_id']).doUpdateSet({ status: 'active', source, order_id: orderId, started_at: new Date(), ended_at: null }))
      .execute();
    const lms = courseEnrolment(this.ctx);
    if (lms !== null) {
      for (const courseId of level.course_ids) {
        const result = await lms.enrol(scope, courseId, userId, 'membership');
        if (result.status === 0) this.ctx.log.warn({ accountId: scope.accountId, courseId, membershipId }, 'membership could not enrol the member in one of its courses');
      }
    }
    raise(this.ctx, scope, 'membership_subscribed', { userId, membershipId });
    return true;
  }

  /** Ends the member's level and its courses, except those they hold through another level or a purchase. */
  async revoke(scope: ShopScope, membershipId: string, userId: string): Promise<boolean> {
    const db = scope.db as ShopDb;
    const ended = await db
      .updateTable('ecommerce_member_memberships')
      .set({ status: 'ended', ended_at: new Date() })
      .where('account_id', '=', scope.accountId)
      .where('membership_id', '=', membershipId)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .returning('membership_id')
      .executeTakeFirst();
    if (ended === undefined) return false;
    const lms = courseEnrolment(this.ctx);
    if (lms !== null) {
      const level = await db.selectFrom('ecommerce_memberships').select('course_ids').where('account_id', '=', scope.accountId).where('id', '=', membershipId).executeTakeFirst();
      const kept = await this.coursesHeldOtherwise(db, scope.accountId, userId);
      for (const courseId of level?.course_ids ?? []) if (!kept.has(courseId)) await lms.unenrol(scope, courseId, userId);
    }
    raise(this.ctx, scope, 'membership_ended', { userId, membershipId });
    return true;
  }

  /** Courses the member keeps: through another active level, or bought in a paid order. */
  async coursesHeldOtherwise(db: ShopDb, accountId: string, userId: string): Promise<Set<string>> {
    const viaLevels = await db
      .selectFrom('ecommerce_member_memberships as g')
      .innerJoin('ecommerce_memberships as m', (join) => join.onRef('m.account_id', '=', 'g.account_id').onRef('m.id', '=', 'g.membership_id'))
      .select('m.course_ids')
      .where('g.account_id', '=', accountId)
      .where('g.user_id', '=', userId)
      .where('g.status', '=', 'active')
      .execute();
    const bought = await db
      .selectFrom('ecommerce_products as p')
      .select('p.course_id')
      .where('p.account_id', '=', accountId)
      .where('p.course_id', 'is not', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('ecommerce_orders as o')
            .select(sql`1`.as('one'))
            .where('o.account_id', '=', accountId)
            .where('o.user_id', '=', userId)
            .where('o.status', '=', 'paid')
            .where(sql<boolean>`o.items @> jsonb_build_array(jsonb_build_object('product_id', p.id::text))`),
        ),
      )
      .execute();
    return new Set([...viaLevels.flatMap((row) => row.course_ids), ...bought.flatMap((row) => (row.course_id === null ? [] : [row.course_id]))]);
  }
}
