import type { ErrorDefinition } from '@lectern/sdk';

const define = (code: string, statusCode: number, messageKey: string, message: string): ErrorDefinition => ({ code, statusCode, messageKey, message });

/** Enrolment's own refusals (the shared ones live in ../errors.ts). */
export const EnrolmentErrors = {
  notAUnit: define(
    'not_a_unit',
    400,
    'courses.notAUnit',
    'Only units are marked complete by the student; quizzes and assignments complete through their submissions',
  ),
  dripLocked: define('drip_locked', 403, 'courses.dripLocked', 'This unit is not released yet'),
  courseIncomplete: define('course_incomplete', 409, 'courses.courseIncomplete', 'Complete every unit, quiz and assignment before finishing the course'),
  studentNotFound: define('student_not_found', 404, 'errors.notFound', 'This member is not enrolled in the course'),
} as const;
