import { defineErrors } from '@lectern/sdk';

/** Enrolment's own refusals (the shared ones live in ../errors.ts). */
export const EnrolmentErrors = defineErrors({
  notAUnit: {
    code: 'not_a_unit',
    status: 400,
    messageKey: 'courses.notAUnit',
    message: 'Only units are marked complete by the student; quizzes and assignments complete through their submissions',
  },
  dripLocked: { code: 'drip_locked', status: 403, messageKey: 'courses.dripLocked', message: 'This unit is not released yet' },
  courseIncomplete: {
    code: 'course_incomplete',
    status: 409,
    messageKey: 'courses.courseIncomplete',
    message: 'Complete every unit, quiz and assignment before finishing the course',
  },
  studentNotFound: { code: 'student_not_found', status: 404, messageKey: 'courses.studentNotFound', message: 'This member is not enrolled in the course' },
});
