import { defineTables, type ColumnType, type Generated, type PluginDb } from '@lectern/sdk';

/**
 * The LMS tables as queries see them (SPEC §3 Course, Course student, Course meta, Course author,
 * quiz and assignment submissions). Every table is a tenant table: account_id leads its key and
 * row-level security keeps it to the request's account. Times are timestamptz; SPEC's second
 * fields (startAt, curriculum_data stamps) are converted at the API's edges.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

export type CourseStatus = 'draft' | 'published';
export type ItemType = 'section' | 'unit' | 'quiz' | 'assignment';
export type QuestionType = 'single' | 'multiple' | 'truefalse' | 'fill' | 'match' | 'order' | 'essay';

/** Drip feed (SPEC §4): release delay = value × parameter seconds × (section count | unit position), from course start or the previous unit's start. */
export interface DripSettings {
  enabled: boolean;
  value: number;
  /** SPEC §9 interval unit: month, week, day, hour, minute. */
  parameter: 'month' | 'week' | 'day' | 'hour' | 'minute';
  multiplier: 'section' | 'unit';
  from: 'start' | 'previous';
}

export interface CourseSettings {
  unitLock?: boolean;
  drip?: DripSettings;
  [key: string]: unknown;
}

export interface CoursesTable {
  account_id: string;
  id: Generated<string>;
  title: string;
  slug: string;
  excerpt: Generated<string>;
  /** SPEC: featured_image.image */
  featured_image: Json<{ image?: string }>;
  /** The course's landing page content (a Puck document). */
  document: Json<Record<string, unknown>>;
  author_id: string | null;
  status: Generated<CourseStatus>;
  /** null: no seat limit. */
  seats: number | null;
  /** Kept exact by enrolment and unenrolment in the same transaction. */
  student_count: Generated<number>;
  settings: Json<CourseSettings>;
  published_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CourseAuthorsTable {
  account_id: string;
  course_id: string;
  author_id: string;
  created_at: Timestamp;
}

/** SPEC Course meta: meta_key courseDuration ({value, parameter}) or curriculum (item ids in order). */
export interface CourseMetaTable {
  account_id: string;
  course_id: string;
  meta_key: string;
  meta_value: Json<unknown>;
}

export interface CategoriesTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  slug: string;
  created_at: Timestamp;
}

/** SPEC Term relationship for courses: term_id (a category), object_id (a course). */
export interface CourseCategoriesTable {
  account_id: string;
  term_id: string;
  object_id: string;
}

/** SPEC courseItems: sections, units, quizzes and assignments of a course, in curriculum order. */
export interface ItemsTable {
  account_id: string;
  id: Generated<string>;
  course_id: string;
  post_type: ItemType;
  title: string;
  position: number;
  /** Unit content (a Puck document: video, audio, text, files). */
  document: Json<Record<string, unknown>>;
  /** Per type: unit {duration}, quiz {time_limit, retakes, passing_mark, evaluation: 'auto'|'manual'}, assignment {submission: 'text'|'file', max_marks}. */
  settings: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** SPEC Course student. status 1 enrolled · 2 started · 3 submitted for evaluation · 4 evaluated. */
export interface CourseStudentsTable {
  account_id: string;
  course_id: string;
  student_id: string;
  status: Generated<number>;
  start_at: Date | null;
  expiry: Date | null;
  /** Whole percent, rounded down. */
  progress: Generated<number>;
  marks: Generated<number>;
  /** item id → completion time (epoch seconds). */
  curriculum_data: Json<Record<string, number>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface QuestionsTable {
  account_id: string;
  id: Generated<string>;
  quiz_id: string;
  position: number;
  type: QuestionType;
  prompt: string;
  /** Per type: options, correct answers, pairs, order. */
  data: Json<Record<string, unknown>>;
  marks: Generated<number>;
  created_at: Timestamp;
}

/** One row per attempt; the newest attempt is the student's result. status 1 started · 2 in progress · 3 submitted · 4 evaluated. */
export interface QuizSubmissionsTable {
  account_id: string;
  id: Generated<string>;
  quiz_id: string;
  course_id: string;
  student_id: string;
  attempt: number;
  status: number;
  marks: Generated<number>;
  answers: Json<Record<string, unknown>>;
  started_at: Timestamp;
  submitted_at: Date | null;
  updated_at: Timestamp;
}

export interface AssignmentSubmissionsTable {
  account_id: string;
  id: Generated<string>;
  assignment_id: string;
  course_id: string;
  student_id: string;
  status: number;
  /** null until an instructor marks it (an assignment counts complete at status ≥ 3 with marks). */
  marks: number | null;
  content: Generated<string>;
  /** Storage path of an uploaded file, or the text file written through /api/upload/text. */
  file_path: string | null;
  submitted_at: Date | null;
  updated_at: Timestamp;
}

/** A certificate earned on completion; `code` is what the public verification address carries. */
export interface CertificatesTable {
  account_id: string;
  id: Generated<string>;
  code: string;
  course_id: string;
  student_id: string;
  course_title: string;
  student_name: string;
  issued_at: Timestamp;
}

/** A student's review of a course: one per student and course, 1–5 stars. */
export interface ReviewsTable {
  account_id: string;
  id: Generated<string>;
  course_id: string;
  student_id: string;
  rating: number;
  content: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A course a member saved for later (their wishlist). */
export interface WishlistTable {
  account_id: string;
  course_id: string;
  user_id: string;
  created_at: Timestamp;
}

export interface LmsTables {
  lms_courses: CoursesTable;
  lms_course_authors: CourseAuthorsTable;
  lms_course_meta: CourseMetaTable;
  lms_categories: CategoriesTable;
  lms_course_categories: CourseCategoriesTable;
  lms_items: ItemsTable;
  lms_course_students: CourseStudentsTable;
  lms_questions: QuestionsTable;
  lms_quiz_submissions: QuizSubmissionsTable;
  lms_assignment_submissions: AssignmentSubmissionsTable;
  lms_certificates: CertificatesTable;
  lms_reviews: ReviewsTable;
  lms_wishlist: WishlistTable;
}

/** The LMS's typed database: its tables plus the kernel's documented views (members, users, roles, content items). */
export type LmsDb = PluginDb<LmsTables>;

/** Tenant tables for the manifest (the kernel's boot check verifies row-level security on each). */
export const LMS_TABLES = {
  lms_courses: 'tenant',
  lms_course_authors: 'tenant',
  lms_course_meta: 'tenant',
  lms_categories: 'tenant',
  lms_course_categories: 'tenant',
  lms_items: 'tenant',
  lms_course_students: 'tenant',
  lms_questions: 'tenant',
  lms_quiz_submissions: 'tenant',
  lms_assignment_submissions: 'tenant',
  lms_certificates: 'tenant',
  lms_reviews: 'tenant',
  lms_wishlist: 'tenant',
} as const;

/** A request's (or scope's) tenant transaction, typed with the LMS tables: row-level security applies. */
export const lmsDb = defineTables<LmsTables>();
