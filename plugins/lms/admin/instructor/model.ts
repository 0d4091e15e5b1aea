import type { PuckDocument } from '@lectern/admin/kit';

/** Shapes and addresses of the LMS API the instructor screens use (plugins/lms/src/*\/routes). */

export const API = '/api/lms';
/** Where the instructor area is mounted; the quick-create screen links into it from elsewhere. */
export const AREA_PATH = '/dashboard/instructor';
export const coursePath = (id: string) => `${AREA_PATH}/courses/${id}`;
export const PAGE_SIZE = 20;

/** Lower-case kebab, as the server's course slugs (plugins/lms/src/courses/slugs.ts). */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
/** SPEC §9 interval units. */
export const INTERVALS = ['month', 'week', 'day', 'hour', 'minute'] as const;
export type Interval = (typeof INTERVALS)[number];
export const ITEM_TYPES = ['section', 'unit', 'quiz', 'assignment'] as const;
export type ItemType = (typeof ITEM_TYPES)[number];
/** Enrolment states: 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated. */
export const STUDENT_STATUSES = [1, 2, 3, 4] as const;

export interface Person {
  id: string;
  name: string;
}
export interface Category {
  id: string;
  name: string;
  slug: string;
}
export interface Drip {
  enabled: boolean;
  value: number;
  parameter: Interval;
  multiplier: 'section' | 'unit';
  from: 'start' | 'previous';
}
export interface CourseSettings {
  unitLock?: boolean;
  drip?: Drip;
  evaluation?: 'auto' | 'manual';
}
export interface Course {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured_image: { image?: string };
  status: CourseStatus;
  seats: number | null;
  student_count: number;
  settings: CourseSettings;
  author_id: string | null;
  authors: Person[];
  categories: Category[];
  published_at: string | null;
  created_at: string;
  updated_at: string;
  document?: PuckDocument;
}
export interface CourseDuration {
  value: number;
  parameter: Interval | '';
}
export interface CourseMeta {
  curriculum: string[];
  courseDuration: CourseDuration | null;
}
export interface CurriculumItem {
  id: string;
  post_type: ItemType;
  title: string;
  position: number;
  settings: Record<string, unknown>;
}
export interface ItemDetail extends CurriculumItem {
  document: PuckDocument;
}

/** React-query keys: everything of the LMS starts with 'lms', a course's data with its id. */
export const keys = {
  courses: ['lms', 'courses'] as const,
  course: (id: string) => ['lms', 'course', id] as const,
  meta: (id: string) => ['lms', 'course', id, 'meta'] as const,
  curriculum: (id: string) => ['lms', 'course', id, 'curriculum'] as const,
  item: (id: string, itemId: string) => ['lms', 'course', id, 'item', itemId] as const,
  questions: (id: string, quizId: string) => ['lms', 'course', id, 'questions', quizId] as const,
  roster: (id: string) => ['lms', 'course', id, 'roster'] as const,
  quizQueue: (id: string) => ['lms', 'course', id, 'quiz-submissions'] as const,
  assignmentQueue: (id: string) => ['lms', 'course', id, 'assignment-submissions'] as const,
  stats: (id: string) => ['lms', 'course', id, 'stats'] as const,
  categories: ['lms', 'categories'] as const,
};

/** A form's text as a whole number in range, or null when it is not one. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}
