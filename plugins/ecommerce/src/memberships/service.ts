import type { PluginContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { giveCourse, takeBackCourses } from '../fulfilment/course-grants.js';
import { memberContact } from '../members.js';
import type { ShopScope } from '../scope.js';
import { raise } from '../triggers.js';

/** Where a membership came from: a purchase, a subscription, the owner, an automation. */
export type GrantSource = 'purchase' | 'subscription' | 'manual' | 'automation';

/**
 * Grants and revokes membership levels. A level gives its courses (LMS enrolments the shop
 * records, so revoking takes back only what the level gave); membership_subscribed and
 * membership_ended go to automations once the transaction has committed.
 */
export class Memberships {
  constructor(private readonly ctx: PluginContext) {}

  /**
   * Makes the member's level active; true when it was not active before. A level already active
   * keeps the source and order that first gave it (so that one's end is what ends it).
   */
  async grant(scope: ShopScope, membershipId: string, userId: string, source: GrantSource, orderId: string | null = null): Promise<boolean> {
    const db = shopDb(scope.db);
    const level = await db
      .selectFrom('ecommerce_memberships')
      .select(['id', 'course_ids'])
      .where('account_id', '=', scope.accountId)
      .where('id', '=', membershipId)
      .executeTakeFirst();
    // Only members of the site hold its levels (a user id of another site is refused).
    if (level === undefined || (await memberContact(db, scope.accountId, userId)) === null) return false;
    const now = new Date();
    // One statement decides, so two grants at once cannot both announce the level.
    const started = await db
      .insertInto('ecommerce_member_memberships')
      .values({
        account_id: scope.accountId,
        membership_id: membershipId,
        user_id: userId,
        status: 'active',
        source,
        order_id: orderId,
        started_at: now,
        ended_at: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'membership_id', 'user_id'])
          .doUpdateSet({ status: 'active', source, order_id: orderId, started_at: now, ended_at: null })
          .where('ecommerce_member_memberships.status', '<>', 'active'),
      )
      .returning('membership_id')
      .executeTakeFirst();
    if (started === undefined) return false;
    for (const courseId of level.course_ids) await giveCourse(this.ctx, scope, userId, courseId, `membership:${membershipId}`);
    await raise(this.ctx, scope, 'membership_subscribed', { userId, membershipId });
    return true;
  }

  /** Ends the member's level and takes back the courses it gave (not those held another way). */
  async revoke(scope: ShopScope, membershipId: string, userId: string): Promise<boolean> {
    const db = shopDb(scope.db);
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
    await takeBackCourses(this.ctx, scope, userId, `membership:${membershipId}`);
    await raise(this.ctx, scope, 'membership_ended', { userId, membershipId });
    return true;
  }

  /** Ends the levels `orderId` gave (a refund, an ended subscription); levels given another way stay. */
  async revokeFromOrder(scope: ShopScope, orderId: string, userId: string): Promise<void> {
    const grants = await shopDb(scope.db)
      .selectFrom('ecommerce_member_memberships')
      .select('membership_id')
      .where('account_id', '=', scope.accountId)
      .where('order_id', '=', orderId)
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .execute();
    for (const grant of grants) await this.revoke(scope, grant.membership_id, userId);
  }
}
