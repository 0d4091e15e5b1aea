import type { ErrorDefinition } from '@lectern/sdk';

const define = (code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition => ({ code, statusCode, messageKey, message });

/** The LMS's error catalogue: stable codes, HTTP status and the i18n keys of SPEC §8 where it names one. */
export const LmsErrors = {
  courseNotFound: define('course_not_found', 404, 'errors.notFound', 'No such course'),
  itemNotFound: define('item_not_found', 404, 'errors.notFound', 'No such curriculum item'),
  notEnrolled: define('not_enrolled', 403, 'courses.notEnrolled', 'You are not enrolled in this course'),
  enrolmentExpired: define('enrolment_expired', 403, 'courses.expired', 'Your access to this course has expired'),
  courseSlugTaken: define('course_slug_taken', 409, 'errors.slugTaken', 'Another course already uses this slug'),
  categorySlugTaken: define('category_slug_taken', 409, 'errors.slugTaken', 'Another category already uses this slug'),
  unitLocked: define('unit_locked', 403, 'courses.unitLocked', 'This unit is locked'),
  notCourseAuthor: define('not_course_author', 403, 'errors.forbidden', 'Only the course authors and site managers may change this course'),
  certificateNotFound: define('certificate_not_found', 404, 'errors.notFound', 'No such certificate'),
  courseForSale: define('course_for_sale', 403, 'courses.forSale', 'This course is sold: buy it to enrol'),
  reviewNotAllowed: define('review_not_allowed', 403, 'courses.reviewNotAllowed', 'Only students who have started the course may review it'),
} as const;
