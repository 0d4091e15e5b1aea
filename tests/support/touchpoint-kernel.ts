import { createTestKernel, type TestKernel, type TestKernelOptions } from '@lectern/sdk/testing';
import type { SmtpCapture } from './smtp-capture.js';

/** The LMS's touchpoints (SPEC §7) as the kernel lists them, in the kernel's order. */
export const LMS_TOUCHPOINTS = [
  'course_subscribed_instructor',
  'course_subscribed_student',
  'instructor_start_course',
  'certificate_earned',
  'course_reset',
  'status_change',
  'submit_course',
  'evaluate_course',
  'review',
  'quiz_submit',
  'quiz_reset',
  'quiz_retake',
  'quiz_evaluate',
  'assignment_submit',
  'assignment_evaluate',
  'assignment_reset',
] as const;

/** A test kernel whose touchpoint mail goes to `smtp` (started here); end it with `stopMailKernel`. */
export async function startMailKernel(smtp: SmtpCapture, options: TestKernelOptions = {}): Promise<TestKernel> {
  const SMTP_URL = await smtp.start();
  return createTestKernel({ ...options, env: { ...options.env, SMTP_URL } });
}

/** Closes the kernel (when it started) before the SMTP capture, so no delivery is left talking to a closed server. */
export async function stopMailKernel(t: TestKernel | undefined, smtp: SmtpCapture): Promise<void> {
  await t?.close();
  await smtp.stop();
}
