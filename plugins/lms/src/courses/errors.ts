import type { ErrorDefinition } from '@lectern/sdk';

const define = (code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition => ({ code, statusCode, messageKey, message });

/** Errors of the course, category and curriculum routes (the shared ones live in ../errors.ts). */
export const CourseErrors = {
  curriculumMismatch: define('curriculum_mismatch', 400, 'errors.validation', "The list must hold each of the course's items exactly once"),
  unsafeHtml: define('unsafe_html', 400, 'errors.validation', 'The document holds HTML that is not allowed (scripts, event handlers, unsafe links)'),
  notInstructor: define('not_instructor', 400, 'errors.validation', 'Course authors must be members who may create courses'),
  categoryNotFound: define('category_not_found', 404, 'errors.notFound', 'No such category'),
  courseLimit: define('course_limit', 403, 'errors.courseLimit', "The site's plan allows no more courses"),
} as const;
