import type { PluginContext } from '@lectern/sdk';
import { LmsTokens } from '../tokens.js';
import { enrollCourse, unenrollCourse } from './declarations.js';

/**
 * SPEC §9 actions enroll_course and unenroll_course, run by the automation engine in a job's
 * transaction of the account (its scope carries the site's name and address for the emails), and
 * answered through the enrolment service so seats, student_count and the touchpoints behave as
 * for any other enrolment. They act on the event's member.
 */
export function registerCourseActions(ctx: PluginContext): void {
  ctx.automation.action(enrollCourse, async ({ courseId }, scope) => {
    if (scope.event.userId === null) return { skipped: 'the event names no member' };
    const result = await ctx.resolve(LmsTokens.enrolment).enrol(scope, courseId, scope.event.userId, 'automation');
    if (result.status === 0) return { skipped: 'the member could not be enrolled', output: { result: { ...result } } };
  });
  ctx.automation.action(unenrollCourse, async ({ courseId }, scope) => {
    if (scope.event.userId === null) return { skipped: 'the event names no member' };
    await ctx.resolve(LmsTokens.enrolment).unenrol(scope, courseId, scope.event.userId);
  });
}
