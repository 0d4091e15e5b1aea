import type { PluginApp, PluginContext } from '@lectern/sdk';
import { assessmentNotifier } from './notify.js';
import { quizAssigneeRoutes } from './routes/quiz-assignees.js';
import { quizListRoutes } from './routes/quiz-list.js';
import { assignmentRoutes } from './routes/assignment-routes.js';
import { attemptRoutes } from './routes/attempt-routes.js';
import { gradingRoutes } from './routes/grading-routes.js';
import { questionRoutes } from './routes/question-routes.js';

export { isAssessmentComplete, type AssessmentKind, type SubmissionState } from './completion.js';
export { completedAssessments, deleteStudentSubmissions } from './course-submissions.js';
export { QuestionDataSchemas, QUESTION_TYPES, type Question } from './question-schemas.js';
export { markQuestion } from './question-marking.js';

/**
 * Quizzes and assignments under /api/lms: the question bank (/quizzes/:quizId/questions), taking
 * a quiz (/quizzes/:quizId, /attempts, /submit, /results), grading (/courses/:courseId/quiz-submissions,
 * /quiz-submissions/:id/evaluate, resets) and assignments (/assignments/:id…).
 */
export async function assessmentRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  const notify = assessmentNotifier(ctx);
  await questionRoutes(app);
  await attemptRoutes(app, notify);
  await gradingRoutes(app, notify);
  await assignmentRoutes(app, notify);
  await quizAssigneeRoutes(app, ctx);
  await quizListRoutes(app);
}
