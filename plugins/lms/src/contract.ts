import { createToken, type DbHandle, type WorkScope } from '@lectern/sdk';

/**
 * @lectern/plugin-lms/contract: what the LMS offers other plugins, published once (Plugin API v1).
 * Consumers import the tokens and types from here, never from the LMS's code, and resolve the
 * services with `ctx.resolveOptional(...)` when the LMS is an optional dependency. This module holds
 * types and tokens only: importing it loads none of the LMS.
 */

/** Where an enrolment came from (free sign-up, CSV, a purchase, a membership, an automation…). */
export type EnrolmentSource = 'free' | 'csv' | 'instructor' | 'purchase' | 'membership' | 'automation' | (string & {});

/** A student's enrolment as the LMS answers it (SPEC §8). */
export interface EnrolmentView {
  course_id: string;
  student_id: string;
  status: number;
  startAt: number | null;
  /** Epoch milliseconds (SPEC §9 gives the expiry in ms). */
  expiry: number | null;
  progress: number;
  marks: number;
  curriculum_data: Record<string, number>;
  enrolled_at: string;
}

export type EnrolResult = { status: 1; created: boolean; enrolment: EnrolmentView } | { status: 0; error: 'Seats Error'; code: 'seats' } | { status: 0 };

/**
 * The caller's unit of work: its transaction in the account's tenancy, run-after-commit, and the
 * site's name and address for the messages a new enrolment sends.
 */
export interface EnrolScope extends WorkScope {
  readonly siteName: string;
  readonly origin: string;
}

export interface EnrolmentService {
  /**
   * Enrols `userId` in the course inside the caller's transaction (`scope.db` must be in the
   * account's tenancy: a request's `ctx.db` or an `inAccount` scope's `db`). Already enrolled →
   * status 1 with created false (nothing changes). Seats full → the seats error. No such course →
   * {status: 0}, as is a user who is not a member of the site. A new enrolment tells the student and the authors (touchpoints) and automations.
   */
  enrol(scope: EnrolScope, courseId: string, userId: string, source: EnrolmentSource, now?: Date): Promise<EnrolResult>;
  /** Removes the enrolment and frees its seat; {status: 0} when there was none. */
  unenrol(scope: EnrolScope, courseId: string, userId: string): Promise<{ status: 0 | 1 }>;
}

/** A course as other plugins see it. */
export interface CourseSummary {
  id: string;
  title: string;
  slug: string;
}

/** What other plugins may look up about a course (the shop's course products): id, title and slug. */
export interface CourseCatalogue {
  find(db: DbHandle, accountId: string, idOrSlug: string): Promise<CourseSummary | null>;
  /** The courses among `ids` (ids only, not slugs; any order), in one query; unknown ids are left out. */
  findMany(db: DbHandle, accountId: string, ids: readonly string[]): Promise<CourseSummary[]>;
  /** The members enrolled in any of the courses (whatever their progress or access), each once, in one query. */
  studentIds(db: DbHandle, accountId: string, courseIds: readonly string[]): Promise<string[]>;
}

/**
 * A course another plugin sells (the shop's course products and membership levels): where to buy
 * it and the button's text. A course on offer is not open for free enrolment.
 */
export interface CourseOffer {
  href: string | null;
  label: string;
}

/** The extension point the LMS asks on course pages; a selling plugin (the shop) provides it, and the LMS works without one. */
export interface CourseOffers {
  /** The offer's label is in `language` (the site's); English when not given (callers asking only whether the course is sold). */
  offerFor(db: DbHandle, accountId: string, courseId: string, currency: string, language?: string): Promise<CourseOffer | null>;
}

/** A sale a selling plugin announces on what buys a course (prices in minor units of the site currency). */
export interface CourseSale {
  productId: string;
  /** The regular price. */
  price: number;
  salePrice: number;
  /** When the sale price stops, or null when it has no end. */
  endsAt: Date | null;
}

/** Members' wishlists of courses (they save a course for later on its page). */
export interface CourseWishlist {
  /**
   * Tells every member who has the course on their wishlist that it went on sale: the LMS raises
   * `course_on_sale` for each, in the caller's transaction. Answers how many members it reached.
   */
  announceSale(scope: WorkScope, courseId: string, sale: CourseSale): Promise<number>;
}

/** The LMS's public tokens: `enrolment`, `courses` and `wishlist` it provides; `offers` it asks of a selling plugin. */
export const LmsContract = {
  enrolment: createToken<EnrolmentService>('lms.enrolment'),
  courses: createToken<CourseCatalogue>('lms.courses'),
  wishlist: createToken<CourseWishlist>('lms.wishlist'),
  offers: createToken<CourseOffers>('courses.offers'),
} as const;
