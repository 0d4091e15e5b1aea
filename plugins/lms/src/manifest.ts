import type { PluginManifest } from '@lectern/sdk';
import { LMS_ACTIONS, LMS_CONDITIONS, LMS_TRIGGERS } from './automation/declarations.js';
import { LMS_TABLES } from './db/tables.js';

/** The feature flag owners switch on (Add-ons) to run courses on their site. */
export const FEATURE = 'lms';

/**
 * The LMS: courses, curriculum, enrolment, progress, quizzes, assignments. Course-area capabilities
 * (create_courses, manage_curriculum, manage_students, manage_submissions, manage_stats) are the
 * kernel's (SPEC §6). The API is mounted under /api/lms; the dashboard screens live in admin/.
 */
export const manifest: PluginManifest = {
  name: 'lms',
  version: '0.1.0',
  kernel: '^0.1.0',
  description: 'Courses with sections, units, quizzes and assignments; enrolment, progress and grading',
  feature: FEATURE,
  plans: ['starter', 'professional', 'dedicated', 'lifetime'],
  tables: { ...LMS_TABLES },
  // SPEC §9: the triggers the LMS raises (through the kernel's automation engine, in the transaction
  // of the change) and the actions it answers; schemas in automation/declarations.ts.
  automation: { triggers: LMS_TRIGGERS, conditions: LMS_CONDITIONS, actions: LMS_ACTIONS },
  admin: {
    menu: [
      // SPEC §2: students' courses (feature lms) and the instructor area (create_courses or manage_options, plus lms).
      { id: 'courses', label: 'menu.courses', path: '/dashboard/courses', order: 20, icon: 'book' },
      { id: 'instructor', label: 'menu.instructor', path: '/dashboard/instructor', order: 30, capability: ['create_courses', 'manage_options'], icon: 'star' },
      // SPEC §2/§6 quick-create: new course and new quiz. Shown to whoever the API lets create them
      // (create_courses or manage_options, as for the instructor area they open): an edit_posts-only
      // member gets the create menu (SPEC §6) but not links that would answer 403.
      {
        id: 'new-course',
        label: 'menu.newCourse',
        path: '/dashboard/instructor/new',
        area: 'quick',
        order: 13,
        capability: ['create_courses', 'manage_options'],
        icon: 'book',
      },
      {
        id: 'new-quiz',
        label: 'menu.newQuiz',
        path: '/dashboard/instructor/quizzes',
        area: 'quick',
        order: 14,
        capability: ['create_courses', 'manage_options'],
        icon: 'help',
      },
    ],
  },
};
