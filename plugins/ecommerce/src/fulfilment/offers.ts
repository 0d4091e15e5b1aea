import { currencyDigits, formatMoney, sql, type PluginContext } from '@lectern/sdk';
import { LmsContract, type CourseOffers } from '@lectern/plugin-lms/contract';
import { shopDb } from '../db/tables.js';
import { periodText } from '../price-label.js';
import { amountNow } from '../products/store.js';

/** Products selling one course that are compared (a course is sold by one or two in practice). */
const MAX_SELLERS = 20;

/** The token the LMS resolves on course pages (its `courses.offers` extension point); the shop provides it. */
export const COURSE_OFFERS = LmsContract.offers;

/**
 * A course is on sale when a published product sells it, or a membership level grants it (then
 * the cheapest product selling that level; a level nobody sells makes the course members-only).
 * Such a course is not open for free enrolment. Two small indexed reads per course page.
 */
export const courseOffers = (text: PluginContext['text']): CourseOffers => ({
  async offerFor(anyDb, accountId, courseId, currency, language = 'en') {
    const db = shopDb(anyDb);
    const t = text(language);
    const price = (amount: number) => formatMoney(amount, { code: currency, digits: currencyDigits(currency) });
    // The cheapest of the products selling the course, at what each costs now (a sale's price while it is on).
    const sellers = await db
      .selectFrom('ecommerce_products')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'published')
      .where('course_id', '=', courseId)
      .orderBy('amount')
      .limit(MAX_SELLERS)
      .execute();
    const direct = sellers.map((row) => ({ row, now: amountNow(row) })).sort((a, b) => a.now - b.now)[0];
    if (direct !== undefined) {
      const regular = Number(direct.row.amount);
      return {
        href: `/checkout?add=${direct.row.id}`,
        label: direct.now < regular ? t('offer.buySale', { price: price(direct.now), was: price(regular) }) : t('offer.buy', { price: price(regular) }),
      };
    }
    const levels = await db
      .selectFrom('ecommerce_memberships')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where(sql<boolean>`course_ids ? ${courseId}`)
      .execute();
    if (levels.length === 0) return null;
    const product = await db
      .selectFrom('ecommerce_products')
      .select(['id', 'amount', 'price_type', 'duration_value', 'duration_parameter'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'published')
      .where(
        'membership_id',
        'in',
        levels.map((level) => level.id),
      )
      .orderBy('amount')
      .limit(1)
      .executeTakeFirst();
    const names = levels.map((level) => level.name).join(', ');
    if (product === undefined) return { href: null, label: t('offer.membersOnly', { levels: names }) };
    const period = periodText(
      t,
      product.duration_value !== null && product.duration_parameter !== null ? { value: product.duration_value, parameter: product.duration_parameter } : null,
    );
    return { href: `/checkout?add=${product.id}`, label: t('offer.join', { levels: names, price: price(Number(product.amount)), period }) };
  },
});
