import type { AssigneeWire, QuizRowWire } from '../../../src/assessments/routes/schemas.js';
import type { CourseStatus } from '../model';

/** Shapes of the quiz list and assignee routes (plugins/lms/src/assessments/routes/quiz-list.ts, quiz-assignees.ts). */

/** The wire sends the course's status as a string; it is a course status. */
export type QuizRow = Omit<QuizRowWire, 'course'> & { course: Omit<QuizRowWire['course'], 'status'> & { status: CourseStatus } };
export type Assignee = AssigneeWire;

/** How many roster matches the assign dialog offers at once: a search narrows it further. */
export const ROSTER_MATCHES = 10;

/** Under 'lms' like every LMS key; 'quiz-assignees' stays clear of the student's ['lms', 'quiz', id]. */
export const quizKeys = {
  list: ['lms', 'quizzes'] as const,
  assignees: (quizId: string) => ['lms', 'quiz-assignees', quizId] as const,
};
