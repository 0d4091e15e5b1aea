import { defineErrors } from '@lectern/sdk';

/** Errors of the course, category and curriculum routes (the shared ones live in ../errors.ts). */
export const CourseErrors = defineErrors({
  curriculumMismatch: {
    code: 'curriculum_mismatch',
    status: 400,
    messageKey: 'courses.curriculumMismatch',
    message: "The list must hold each of the course's items exactly once",
  },
  unsafeHtml: {
    code: 'unsafe_html',
    status: 400,
    messageKey: 'courses.unsafeHtml',
    message: 'The document holds HTML that is not allowed (scripts, event handlers, unsafe links)',
  },
  notInstructor: { code: 'not_instructor', status: 400, messageKey: 'courses.notInstructor', message: 'Course authors must be members who may create courses' },
  categoryNotFound: { code: 'category_not_found', status: 404, messageKey: 'courses.categoryNotFound', message: 'No such category' },
  courseLimit: { code: 'course_limit', status: 403, messageKey: 'errors.courseLimit', message: "The site's plan allows no more courses" },
});
