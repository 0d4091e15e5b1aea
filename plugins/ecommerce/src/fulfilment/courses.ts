import type { PluginContext } from '@lectern/sdk';
import { LmsContract, type CourseCatalogue, type EnrolmentService } from '@lectern/plugin-lms/contract';

/**
 * The LMS is an optional dependency of the shop: its services come from its published contract
 * (@lectern/plugin-lms/contract), resolved optionally, and course products do nothing without it.
 */

/** The LMS's enrolment service, or null where the LMS plugin is not installed. */
export function courseEnrolment(ctx: PluginContext): EnrolmentService | null {
  return ctx.resolveOptional(LmsContract.enrolment) ?? null;
}

/** The LMS's course lookup (id or slug → id, title, slug), or null where the LMS plugin is not installed. */
export function courseCatalogue(ctx: PluginContext): CourseCatalogue | null {
  return ctx.resolveOptional(LmsContract.courses) ?? null;
}
