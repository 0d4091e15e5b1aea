import { createToken, type DbHandle, type PluginContext } from '@lectern/sdk';
import type { ShopScope } from '../scope.js';

/**
 * The part of the LMS's enrolment service the shop uses (the LMS provides it under `lms.enrolment`;
 * plugins share services through tokens, never imports). Results follow SPEC §8: status 1, or 0.
 */
export interface CourseEnrolment {
  /** `created` is false when the student was already enrolled. */
  enrol(scope: ShopScope, courseId: string, userId: string, source: string, now?: Date): Promise<{ status: 0 | 1; created?: boolean }>;
  unenrol(scope: ShopScope, courseId: string, userId: string): Promise<{ status: 0 | 1 }>;
}

const LMS_ENROLMENT = createToken<CourseEnrolment>('lms.enrolment');

/** The LMS's enrolment service, or null where the LMS plugin is not installed. */
export function courseEnrolment(ctx: PluginContext): CourseEnrolment | null {
  try {
    return ctx.resolve(LMS_ENROLMENT);
  } catch {
    return null;
  }
}

/** The LMS's course lookup (id or slug → id, title, slug). */
export interface CourseCatalogue {
  find(db: DbHandle, accountId: string, idOrSlug: string): Promise<{ id: string; title: string; slug: string } | null>;
  /** The courses among `ids` (ids only, not slugs; any order), in one query; unknown ids are left out. */
  findMany(db: DbHandle, accountId: string, ids: readonly string[]): Promise<Array<{ id: string; title: string; slug: string }>>;
}

const LMS_COURSES = createToken<CourseCatalogue>('lms.courses');

/** The LMS's course lookup, or null where the LMS plugin is not installed. */
export function courseCatalogue(ctx: PluginContext): CourseCatalogue | null {
  try {
    return ctx.resolve(LMS_COURSES);
  } catch {
    return null;
  }
}
