import type { ItemDetailWire } from '../../src/courses/schemas.js';
import type { EnrolmentViewWire, MyCourseWire, PlayerItemWire, PlayerWire, StateResultWire } from '../../src/enrolment/routes/schemas.js';
import type { OwnReviewWire } from '../../src/reviews/schemas.js';

/** What the LMS's student endpoints answer with (plugins/lms/src/enrolment and assessments). */

/** 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated. */
export type EnrolmentStatus = 1 | 2 | 3 | 4;
export type ItemType = 'section' | 'unit' | 'quiz' | 'assignment';
export type LockReason = NonNullable<PlayerItemWire['reason']>;

/** The wire's status is an integer 1–4 (the schema's bounds); the screens switch on the four values. */
export type Enrolment = Omit<EnrolmentViewWire, 'status'> & { status: EnrolmentStatus };
/** The wire names the item type as a string; it is one of the four curriculum item types. */
export type PlayerItem = Omit<PlayerItemWire, 'post_type'> & { post_type: ItemType };
export type Player = Omit<PlayerWire, 'enrolment' | 'items'> & { enrolment: Enrolment; items: PlayerItem[] };
export type MyCourse = Omit<MyCourseWire, 'status'> & { status: EnrolmentStatus };

export interface Page<T> {
  items: T[];
  total: number;
}

export type ItemDetail = ItemDetailWire;

export type StateResult = Omit<StateResultWire, 'enrolment'> & { enrolment: Enrolment };

/** What the review form edits of the student's review. */
export type Review = Pick<OwnReviewWire, 'rating' | 'content'>;
