import { DEFAULT_CURRENCY, type DbHandle, type PluginContext } from '@lectern/sdk';
import { COURSE_OFFERS, type CourseOffer } from '../tokens.js';

/** What another plugin sells the course for, or null (no seller installed, or the course is free). */
export async function courseOffer(ctx: PluginContext, db: DbHandle, accountId: string, courseId: string, currency: string): Promise<CourseOffer | null> {
  const offers = ctx.resolveOptional(COURSE_OFFERS);
  return offers === undefined ? null : offers.offerFor(db, accountId, courseId, currency);
}

/** The site's currency code (SPEC §3 settings.currency; USD when unset). */
export function siteCurrencyOf(settings: unknown): string {
  const code = (settings as { currency?: unknown } | null)?.currency;
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_CURRENCY;
}
