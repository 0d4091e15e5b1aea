import type { HookScope, PluginApp, PluginContext } from '@lectern/sdk';
import { isUuid } from '../courses/index.js';
import { accountOrigin, type LmsScope } from '../events/index.js';
import { LmsTokens } from '../tokens.js';

/** What an automation gives the LMS's actions: the member it runs for and the course chosen in it. */
export interface CourseActionInput {
  accountId: string;
  userId: string;
  courseId: string;
}

/** The hook an automation engine calls for an action of this plugin (`automation.action.<key>`). */
export const actionHook = (key: string) => `automation.action.${key}`;

/**
 * The input as an automation passes it, or null when an id is missing or malformed, or when it names
 * another account than the one the hook runs for (the hook's scope is what feature gating checked).
 */
export function courseActionInput(payload: unknown, scope: HookScope): CourseActionInput | null {
  const { accountId, userId, courseId } = (payload ?? {}) as Record<string, unknown>;
  if (accountId !== undefined && accountId !== scope.accountId) return null;
  return [userId, courseId].every((id) => typeof id === 'string' && isUuid(id))
    ? ({ accountId: scope.accountId, userId, courseId } as CourseActionInput)
    : null;
}

/**
 * Runs one action in the account's tenancy, in its own transaction (automations run in jobs, not
 * requests), then what the transaction queued for after its commit (emails, triggers).
 */
async function inOwnTransaction(app: PluginApp, ctx: PluginContext, accountId: string, work: (scope: LmsScope) => Promise<void>): Promise<void> {
  const tasks: Array<() => void | Promise<void>> = [];
  await ctx.inAccount(accountId, ({ db, account }) =>
    work({
      db,
      accountId,
      features: account.features,
      afterCommit: (task) => void tasks.push(task),
      siteName: account.name,
      origin: accountOrigin(app.kernel.config, account),
    }),
  );
  for (const task of tasks) {
    try {
      await task();
    } catch (error) {
      ctx.log.error({ err: error, accountId }, 'LMS automation follow-up failed');
    }
  }
}

/**
 * SPEC §9 actions enroll_course and unenroll_course, answered through the enrolment service so
 * seats, student_count and the touchpoints behave as for any other enrolment.
 */
export function registerCourseActions(app: PluginApp, ctx: PluginContext): void {
  ctx.hooks.addAction(actionHook('enroll_course'), async (payload, scope) => {
    const input = courseActionInput(payload, scope);
    if (input === null) return ctx.log.warn({ payload }, 'enroll_course needs a userId and a courseId of the account it runs for');
    await inOwnTransaction(app, ctx, input.accountId, async (scope) => {
      const result = await ctx.resolve(LmsTokens.enrolment).enrol(scope, input.courseId, input.userId, 'automation');
      if (result.status === 0) ctx.log.warn({ accountId: input.accountId, courseId: input.courseId, result }, 'automation could not enrol the member');
    });
  });
  ctx.hooks.addAction(actionHook('unenroll_course'), async (payload, scope) => {
    const input = courseActionInput(payload, scope);
    if (input === null) return ctx.log.warn({ payload }, 'unenroll_course needs a userId and a courseId of the account it runs for');
    await inOwnTransaction(app, ctx, input.accountId, async (scope) => {
      await ctx.resolve(LmsTokens.enrolment).unenrol(scope, input.courseId, input.userId);
    });
  });
}
