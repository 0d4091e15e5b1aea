import type { SeedContext } from '@lectern/sdk';
import { shopDb } from '../db/tables.js';
import { courseCatalogue } from '../fulfilment/courses.js';
import { DEMO_COUPONS, DEMO_COURSE_SLUG, DEMO_MEMBERSHIP, DEMO_MEMBERSHIP_COURSE_SLUGS, DEMO_PRODUCTS } from './demo-shop.js';

/**
 * The shop's demo (issue 8, Build 8): a one-time product, a monthly membership subscription, a
 * course product for the LMS's demo course (when the LMS is installed), a valid coupon and an
 * expired one. One transaction on the demo account; running it again adds nothing.
 */
export async function seedShop(ctx: SeedContext): Promise<void> {
  await ctx.inAccount(ctx.demoAccountId, async ({ db: anyDb, account }) => {
    const db = shopDb(anyDb);
    const seeded = await db.selectFrom('ecommerce_products').select('id').where('account_id', '=', account.id).limit(1).executeTakeFirst();
    if (seeded !== undefined) return;
    const catalogue = courseCatalogue(ctx);
    const course = await catalogue?.find(db, account.id, DEMO_COURSE_SLUG);
    const levelCourses = await Promise.all(DEMO_MEMBERSHIP_COURSE_SLUGS.map(async (slug) => (await catalogue?.find(db, account.id, slug))?.id));
    const level = await db
      .insertInto('ecommerce_memberships')
      .values({
        account_id: account.id,
        name: DEMO_MEMBERSHIP.name,
        description: DEMO_MEMBERSHIP.description,
        course_ids: JSON.stringify(levelCourses.filter((id) => id !== undefined)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids = new Map<string, string>();
    for (const product of DEMO_PRODUCTS) {
      if (product.kind === 'course' && !course) continue;
      const row = await db
        .insertInto('ecommerce_products')
        .values({
          account_id: account.id,
          title: product.kind === 'course' && course ? course.title : product.title,
          description: product.description,
          price_type: product.subscription ? 'subscription' : 'onetime',
          amount: product.amount,
          duration_value: product.subscription ? 1 : null,
          duration_parameter: product.subscription ? 'month' : null,
          featured_image: product.image,
          cross_ids: '[]',
          course_id: product.kind === 'course' && course ? course.id : null,
          membership_id: product.kind === 'membership' ? level.id : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(product.key, row.id);
    }
    // Cross-sells: the toolkit suggests the course (or the membership without the LMS).
    const toolkit = ids.get('toolkit');
    const suggestion = ids.get('course') ?? ids.get('membership');
    if (toolkit !== undefined && suggestion !== undefined) {
      await db
        .updateTable('ecommerce_products')
        .set({ cross_ids: JSON.stringify([suggestion]) })
        .where('account_id', '=', account.id)
        .where('id', '=', toolkit)
        .execute();
    }
    for (const coupon of DEMO_COUPONS)
      await db
        .insertInto('ecommerce_coupons')
        .values({ account_id: account.id, ...coupon })
        .execute();
  });
}
