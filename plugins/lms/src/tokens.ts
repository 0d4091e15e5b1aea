import { createToken, type DbHandle } from '@lectern/sdk';
import type { EnrolmentService } from './enrolment/service.js';
import type { LmsEvents } from './events/lms-events.js';

/** What other plugins may look up about a course (the shop's course products): id, title and slug. */
export interface CourseCatalogue {
  find(db: DbHandle, accountId: string, idOrSlug: string): Promise<{ id: string; title: string; slug: string } | null>;
  /** The courses among `ids` (ids only, not slugs; any order), in one query; unknown ids are left out. */
  findMany(db: DbHandle, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; title: string; slug: string }>>;
}

/** The LMS's services in the plugin container: `enrolment` and `courses` for other plugins, `events` for its own parts. */
export const LmsTokens = {
  enrolment: createToken<EnrolmentService>('lms.enrolment'),
  courses: createToken<CourseCatalogue>('lms.courses'),
  events: createToken<LmsEvents>('lms.events'),
} as const;

/**
 * A course another plugin sells (the shop's course products and membership levels): where to buy
 * it and the button's text. A course on offer is not open for free enrolment.
 */
export interface CourseOffer {
  href: string | null;
  label: string;
}

export interface CourseOffers {
  offerFor(db: DbHandle, accountId: string, courseId: string, currency: string): Promise<CourseOffer | null>;
}

/** Provided by the plugin that sells courses (the shop); the LMS asks it, and works without it. */
export const COURSE_OFFERS = createToken<CourseOffers>('courses.offers');
