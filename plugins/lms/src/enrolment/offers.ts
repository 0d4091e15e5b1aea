import type { AnyDb, PluginContext } from '@lectern/sdk';
import { COURSE_OFFERS, type CourseOffer } from '../tokens.js';

/** What another plugin sells the course for, or null (no seller installed, or the course is free). */
export async function courseOffer(ctx: PluginContext, db: AnyDb, accountId: string, courseId: string): Promise<CourseOffer | null> {
  let offers;
  try {
    offers = ctx.resolve(COURSE_OFFERS);
  } catch {
    return null;
  }
  // The label is not shown here: the currency only shapes its price text.
  return offers.offerFor(db, accountId, courseId, 'USD');
}
