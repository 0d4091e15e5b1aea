import type { CourseStatus } from '../model';

/** Shapes of the quiz list and assignee routes (plugins/lms/src/assessments/routes/quiz-list.ts, quiz-assignees.ts). */

export interface QuizRow {
  id: string;
  title: string;
  course: { id: string; title: string; slug: string; status: CourseStatus };
  questions: number;
  settings: Record<string, unknown>;
}

export interface Assignee {
  student_id: string;
  name: string;
  assigned_at: string;
}

/** How many roster matches the assign dialog offers at once: a search narrows it further. */
export const ROSTER_MATCHES = 10;

/** Under 'lms' like every LMS key; 'quiz-assignees' stays clear of the student's ['lms', 'quiz', id]. */
export const quizKeys = {
  list: ['lms', 'quizzes'] as const,
  assignees: (quizId: string) => ['lms', 'quiz-assignees', quizId] as const,
};
