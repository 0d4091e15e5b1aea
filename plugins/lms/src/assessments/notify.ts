import type { PluginContext } from '@lectern/sdk';
import { courseRefOf } from '../courses/index.js';
import { lmsDb } from '../db/tables.js';
import { LmsTokens } from '../enrolment/index.js';
import { requestScope, type CourseRef, type LmsEvents, type LmsScope } from '../events/index.js';
import type { AssessmentItem } from './access.js';

type Request = Parameters<typeof requestScope>[1];

/**
 * Tells the people concerned about a quiz or assignment (SPEC §7 touchpoints) from a route: the
 * event gets the request's scope and the item's course.
 */
export function assessmentNotifier(ctx: PluginContext) {
  return async (request: Request, item: AssessmentItem, tell: (events: LmsEvents, scope: LmsScope, course: CourseRef) => Promise<void>): Promise<void> => {
    const scope = requestScope(ctx, request);
    const course = await courseRefOf(lmsDb(scope.db), scope.accountId, item.course_id);
    if (course !== undefined) await tell(ctx.resolve(LmsTokens.events), scope, course);
  };
}

export type AssessmentNotifier = ReturnType<typeof assessmentNotifier>;
