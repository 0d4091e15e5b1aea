import type { ItemType } from '../db/tables.js';

/**
 * The plain, JSON-serialisable data the LMS's site views draw. The loaders work it out inside the
 * request's tenancy; the views only lay it out (they are drawn on the server and never hydrated).
 */

export interface CourseCardData {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  /** featured_image.image, or null for the neutral placeholder. */
  image: string | null;
  authors: string[];
  studentCount: number;
  categories: Array<{ name: string; slug: string }>;
  /** The card's words in the site's language (cards are drawn by blocks too, which get no `t`). */
  words: { byline: string | null; students: string; categories: string };
}

export interface CatalogueData {
  courses: CourseCardData[];
  total: number;
  page: number;
  perPage: number;
  /** The category the list is filtered by, or null for all courses. */
  category: { name: string; slug: string } | null;
}

export interface OutlineItem {
  id: string;
  type: Exclude<ItemType, 'section'>;
  title: string;
}

/** A section and the items up to the next one; items before the first section have a null title. */
export interface OutlineSection {
  id: string;
  title: string | null;
  items: OutlineItem[];
}

/** What the call to action offers the person looking at the course. */
export type CourseAction =
  | { kind: 'visitor'; signupHref: string; loginHref: string }
  | { kind: 'enrolled'; progress: number; href: string }
  | { kind: 'expired'; href: string }
  | { kind: 'member'; href: string }
  /** Sold by another plugin (the shop): buy it there; `href` null for members-only courses with nothing on sale. */
  | { kind: 'buy'; href: string | null; label: string }
  | { kind: 'full' };

export interface CoursePageData {
  course: CourseCardData & {
    /** Seats still free when the course limits them, else null. */
    seatsLeft: number | null;
  };
  outline: OutlineSection[];
  /** How long an enrolment lasts, e.g. "3 months" or "No time limit" (SPEC §9 course expiry); for an enrolled viewer, their own access ("Until 5 Mar 2026"). */
  duration: string;
  action: CourseAction;
  /** Save for later, for a signed-in member not studying the course; null otherwise. */
  wishlist: { saved: boolean; words: { add: string; saved: string; failed: string } } | null;
  /** The average rating, how many reviews, and the newest few. */
  reviews: { average: number | null; count: number; items: Array<{ id: string; rating: number; content: string; name: string; created_at: string }> };
}
