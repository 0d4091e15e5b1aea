import type { PluginManifest } from '@lectern/sdk';
import { LMS_TABLES } from './db/tables.js';

/** The feature flag owners switch on (Add-ons) to run courses on their site. */
export const FEATURE = 'lms';

/**
 * The LMS: courses, curriculum, enrolment, progress, quizzes, assignments. Course-area capabilities
 * (create_courses, manage_curriculum, manage_students, manage_submissions, manage_stats) are the
 * kernel's (SPEC §6). Admin screens and the theme part arrive with their own work; the API is
 * mounted under /api/lms.
 */
export const manifest: PluginManifest = {
  name: 'lms',
  version: '0.1.0',
  kernel: '^0.1.0',
  description: 'Courses with sections, units, quizzes and assignments; enrolment, progress and grading',
  feature: FEATURE,
  plans: ['starter', 'professional', 'dedicated', 'lifetime'],
  tables: { ...LMS_TABLES },
};
