import type { CategoryWire, CourseDurationWire, CourseSettingsWire, CourseSummaryWire, ItemDetailWire, ItemWire, MetaWire } from '../../src/courses/schemas.js';
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

/** Wire types come from the route schemas (plugins/lms/src/courses/schemas.ts); only the editor's own narrowing is added here. */
export type Person = CourseSummaryWire['authors'][number];
export type Category = CategoryWire;
export type Drip = NonNullable<CourseSettingsWire['drip']>;
export type CourseSettings = CourseSettingsWire;
/**
 * The response schema passes a course's settings through as any object; the editor reads the keys
 * the body schema writes. The single read adds the landing document.
 */
export type Course = Omit<CourseSummaryWire, 'settings'> & { settings: CourseSettings; document?: PuckDocument };
export type CourseDuration = CourseDurationWire;
export type CourseMeta = MetaWire;
export type CurriculumItem = ItemWire;
export type ItemDetail = Omit<ItemDetailWire, 'document'> & { document: PuckDocument };

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
