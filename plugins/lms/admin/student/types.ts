/** What the LMS's student endpoints answer with (plugins/lms/src/enrolment and assessments). */

/** 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated. */
export type EnrolmentStatus = 1 | 2 | 3 | 4;
export type ItemType = 'section' | 'unit' | 'quiz' | 'assignment';
export type LockReason = 'unit_lock' | 'drip';

export interface Enrolment {
  course_id: string;
  student_id: string;
  status: EnrolmentStatus;
  /** Seconds. */
  startAt: number | null;
  /** Epoch milliseconds. */
  expiry: number | null;
  progress: number;
  marks: number;
  curriculum_data: Record<string, number>;
  enrolled_at: string;
}

export interface PlayerItem {
  id: string;
  post_type: ItemType;
  title: string;
  complete: boolean;
  completed_at: number | null;
  locked: boolean;
  reason: LockReason | null;
  /** Drip release time in seconds. */
  opens_at: number | null;
}

export interface Player {
  course: { id: string; title: string; slug: string; unitLock: boolean };
  enrolment: Enrolment;
  items: PlayerItem[];
  next: string | null;
}

export interface MyCourse {
  course: { id: string; title: string; slug: string; featured_image: string | null };
  status: EnrolmentStatus;
  progress: number;
  startAt: number | null;
  /** Epoch milliseconds. */
  expiry: number | null;
  expired: boolean;
  /** The expiry is the "no time limit" default (9999 days). */
  unlimited: boolean;
  continue_item: string | null;
  enrolled_at: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface ItemDetail {
  id: string;
  post_type: ItemType;
  title: string;
  position: number;
  settings: Record<string, unknown>;
  document: unknown;
}

export interface StateResult {
  status: 1;
  message?: string;
  enrolment: Enrolment;
}

export interface Review {
  rating: number;
  content: string;
}
