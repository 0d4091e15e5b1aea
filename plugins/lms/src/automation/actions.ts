import type { PluginContext } from '@lectern/sdk';
import { LmsTokens } from '../tokens.js';
import { lmsDb } from '../db/tables.js';
import { courseProgressPercent, enrollCourse, unenrollCourse } from './declarations.js';

/**
 * SPEC §9 actions enroll_course and unenroll_course, run by the automation engine in a job's
 * transaction of the account (its scope carries the site's name and address for the emails), and
 * answered through the enrolment service so seats, student_count and the touchpoints behave as
 * for any other enrolment. They act on the event's member.
 */
function registerCourseActions(ctx: PluginContext): void {
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

/** SPEC §9: the LMS's automation code, its actions and its condition (the manifest declares both; every declaration needs its code). */
export function registerCourseAutomation(ctx: PluginContext): void {
  registerCourseActions(ctx);
  registerCourseConditions(ctx);
}

/** SPEC §9 condition course_progress_percent: the event's member's progress in the course, against the automation's bounds. */
function registerCourseConditions(ctx: PluginContext): void {
  ctx.automation.condition(courseProgressPercent, async ({ courseId, at_least: atLeast = 0, at_most: atMost = 100 }, { event, db }) => {
    const course = courseId ?? (typeof event.payload.courseId === 'string' ? event.payload.courseId : null);
    if (event.userId === null || course === null) return false;
    const row = await lmsDb(db)
      .selectFrom('lms_course_students')
      .select('progress')
      .where('account_id', '=', event.accountId)
      .where('course_id', '=', course)
      .where('student_id', '=', event.userId)
      .executeTakeFirst();
    return row !== undefined && row.progress >= atLeast && row.progress <= atMost;
  });
}
