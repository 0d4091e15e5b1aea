import { createToken } from '@lectern/sdk';
import { LmsContract } from './contract.js';
import type { LmsEvents } from './events/lms-events.js';

export type { CourseCatalogue, CourseOffer, CourseOffers } from './contract.js';

/** The LMS's services in the plugin container: the public ones (contract.ts) plus `events`, for its own parts. */
export const LmsTokens = {
  enrolment: LmsContract.enrolment,
  courses: LmsContract.courses,
  wishlist: LmsContract.wishlist,
  events: createToken<LmsEvents>('lms.events'),
} as const;

/** Provided by the plugin that sells courses (the shop); the LMS asks it, and works without it. */
export const COURSE_OFFERS = LmsContract.offers;
