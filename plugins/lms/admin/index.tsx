import type { ComponentType } from 'react';

/**
 * The LMS's dashboard screens, by menu entry id of the manifest (without the `lms.` prefix). Each
 * screen is its own chunk; they build only on `@lectern/admin/kit`.
 */
export const screens: Record<string, () => Promise<{ default: ComponentType }>> = {
  courses: () => import('./student/StudentArea'),
  instructor: () => import('./instructor/InstructorArea'),
  'new-course': () => import('./instructor/NewCourseScreen'),
  'new-quiz': () => import('./instructor/quizzes/QuizzesScreen'),
};
