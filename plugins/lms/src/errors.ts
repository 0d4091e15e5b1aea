import { defineErrors } from '@lectern/sdk';

/** The LMS's error catalogue: stable codes, HTTP status and the i18n keys of SPEC §8 where it names one. */
export const LmsErrors = defineErrors({
  courseNotFound: { code: 'course_not_found', status: 404, messageKey: 'errors.courseNotFound', message: 'No such course' },
  itemNotFound: { code: 'item_not_found', status: 404, messageKey: 'courses.itemNotFound', message: 'No such curriculum item' },
  notEnrolled: { code: 'not_enrolled', status: 403, messageKey: 'courses.notEnrolled', message: 'You are not enrolled in this course' },
  enrolmentExpired: { code: 'enrolment_expired', status: 403, messageKey: 'courses.expired', message: 'Your access to this course has expired' },
  courseSlugTaken: { code: 'course_slug_taken', status: 409, messageKey: 'courses.slugTaken', message: 'Another course already uses this slug' },
  categorySlugTaken: { code: 'category_slug_taken', status: 409, messageKey: 'courses.categorySlugTaken', message: 'Another category already uses this slug' },
  unitLocked: { code: 'unit_locked', status: 403, messageKey: 'courses.unitLocked', message: 'This unit is locked' },
  notCourseAuthor: {
    code: 'not_course_author',
    status: 403,
    messageKey: 'courses.notAuthor',
    message: 'Only the course authors and site managers may change this course',
  },
  certificateNotFound: { code: 'certificate_not_found', status: 404, messageKey: 'courses.certificateNotFound', message: 'No such certificate' },
  courseForSale: { code: 'course_for_sale', status: 403, messageKey: 'courses.forSale', message: 'This course is sold: buy it to enrol' },
  reviewNotAllowed: {
    code: 'review_not_allowed',
    status: 403,
    messageKey: 'courses.reviewNotAllowed',
    message: 'Only students who have started the course may review it',
  },
});
