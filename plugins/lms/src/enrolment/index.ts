import type { PluginApp, PluginContext } from '@lectern/sdk';
import { instructorRoutes } from './routes/instructor.js';
import { studentRoutes } from './routes/student.js';
import { enrolmentService, LmsTokens } from './service.js';

export { LmsTokens, enrolmentService, SEATS_ERROR, INSERT_FAILED, type EnrolmentService, type EnrolResult, type EnrolmentSource } from './service.js';
// recalculateProgress is the name the assessments code looks up after grading.
export { assertItemOpen, recomputeProgress, recomputeProgress as recalculateProgress } from './progress.js';
export { clock } from './clock.js';
export * as enrolmentRules from './rules/index.js';

/** Enrolment, states, progress, unit lock, drip and the player, under /api/lms/player, /my and /roster. */
export async function enrolmentRoutes(app: PluginApp, _ctx: PluginContext): Promise<void> {
  await studentRoutes(app);
  await instructorRoutes(app);
}

/** The enrolment service other plugins (purchases, memberships, automations) resolve through LmsTokens.enrolment. */
export function registerEnrolment(ctx: PluginContext): void {
  ctx.provide(LmsTokens.enrolment, enrolmentService);
}
