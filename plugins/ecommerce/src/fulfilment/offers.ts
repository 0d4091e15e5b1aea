import { currencyDigits, formatMoney, sql, type PluginContext } from '@lectern/sdk';
import { LmsContract, type CourseOffers } from '@lectern/plugin-lms/contract';
import { shopDb } from '../db/tables.js';
import { periodText } from '../price-label.js';

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
    const direct = await db
      .selectFrom('ecommerce_products')
      .select(['id', 'amount'])
      .where('account_id', '=', accountId)
      .where('status', '=', 'published')
      .where('course_id', '=', courseId)
      .orderBy('amount')
      .limit(1)
      .executeTakeFirst();
    if (direct !== undefined) return { href: `/checkout?add=${direct.id}`, label: t('offer.buy', { price: price(Number(direct.amount)) }) };
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
