import { AppError, type PluginApp, type RequestContext } from '@lectern/sdk';
import { findCourse } from '../../courses/index.js';
import { LmsErrors } from '../../errors.js';
import { lmsDb, loadAssessment, lockStudentEnrolment, requireCourseEditor } from '../access.js';
import { readAttemptRecord } from '../attempt-record.js';
import { deleteAttempts, findAttempt, listCourseAttempts, saveAttempt } from '../attempt-store.js';
import { AssessmentErrors } from '../errors.js';
import { recalculateProgress } from '../progress.js';
import { listQuestions } from '../question-store.js';
import { applyInstructorMarks, totalAwarded } from '../quiz-evaluation.js';
import type { AssessmentNotifier } from '../notify.js';
import { Deleted, params, queue, QueueQuery, QuizQueue, SubmissionDetail, EvaluateBody } from './schemas.js';

const tags = ['lms'];
/** Graders; requireCourseEditor then narrows it to the course's authors and site managers, as for every change to a course. */
const config = { capability: 'manage_submissions' };

/** The course's id (404 when missing), if the caller may grade it. */
export async function gradableCourse(ctx: RequestContext, courseId: string): Promise<string> {
  const course = await findCourse(lmsDb(ctx), ctx.account.id, courseId);
  if (course === null || course.id !== courseId) throw new AppError(LmsErrors.courseNotFound);
  await requireCourseEditor(ctx, course.id);
  return course.id;
}

async function loadSubmission(ctx: RequestContext, id: string) {
  const row = await findAttempt(lmsDb(ctx), ctx.account.id, id);
  if (row === null) throw new AppError(AssessmentErrors.submissionNotFound);
  await requireCourseEditor(ctx, row.course_id);
  return row;
}

async function detail(ctx: RequestContext, id: string) {
  const row = await loadSubmission(ctx, id);
  const record = readAttemptRecord(row.answers);
  const questions = await listQuestions(lmsDb(ctx), ctx.account.id, row.quiz_id);
  return {
    ...row,
    late: record.late,
    questions: questions.map((q) => ({ ...q, response: record.responses[q.id] ?? null, result: record.results[q.id] ?? null })),
  };
}

/** Instructors' side of quizzes: the grading queue, one submission in full, evaluation, reset. */
export async function gradingRoutes(app: PluginApp, notify: AssessmentNotifier): Promise<void> {
  app.get(
    '/courses/:courseId/quiz-submissions',
    {
      config,
      schema: {
        tags,
        summary: "A course's quiz attempts in one status (default 3, awaiting evaluation), oldest first",
        params: params('courseId'),
        querystring: QueueQuery,
        response: { 200: QuizQueue },
      },
    },
    async (request) => {
      const { ctx } = request;
      const courseId = await gradableCourse(ctx, request.params.courseId);
      const { rows, total } = await listCourseAttempts(lmsDb(ctx), ctx.account.id, courseId, queue(request.query));
      return { submissions: rows, total };
    },
  );

  app.get(
    '/quiz-submissions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One attempt with every question, its answer, the response and the result',
        params: params('id'),
        response: { 200: SubmissionDetail },
      },
    },
    async (request) => detail(request.ctx, request.params.id),
  );

  app.post(
    '/quiz-submissions/:id/evaluate',
    {
      config,
      schema: {
        tags,
        summary: 'Evaluate an attempt (status 3 → 4): marks per question replace the automatic ones; every essay needs marks',
        params: params('id'),
        body: EvaluateBody,
        response: { 200: SubmissionDetail },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const found = await loadSubmission(ctx, request.params.id);
      // Course, enrolment, then the attempt (read again: a reset may have removed it meanwhile).
      await lockStudentEnrolment(ctx, found.course_id, found.student_id);
      const row = await findAttempt(db, ctx.account.id, found.id);
      if (row === null) throw new AppError(AssessmentErrors.submissionNotFound);
      if (row.status < 3) throw new AppError(AssessmentErrors.notAwaitingEvaluation);
      const record = readAttemptRecord(row.answers);
      const questions = await listQuestions(db, ctx.account.id, row.quiz_id);
      const results = applyInstructorMarks(record.results, request.body.marks, questions);
      const marks = totalAwarded(results);
      await saveAttempt(db, ctx.account.id, row.id, { status: 4, marks, record: { ...record, results } });
      await recalculateProgress(db, ctx.account.id, row.course_id, row.student_id);
      const quiz = await loadAssessment(db, ctx.account.id, row.quiz_id, 'quiz');
      await notify(request, quiz, (events, scope, course) => events.quizEvaluated(scope, course, quiz, row.student_id, marks));
      return detail(ctx, row.id);
    },
  );

  app.delete(
    '/quizzes/:quizId/students/:studentId/attempts',
    {
      config,
      schema: {
        tags,
        summary: 'Reset a quiz for a student: every attempt of theirs is deleted',
        params: params('quizId', 'studentId'),
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const quiz = await loadAssessment(db, ctx.account.id, request.params.quizId, 'quiz');
      await requireCourseEditor(ctx, quiz.course_id);
      await lockStudentEnrolment(ctx, quiz.course_id, request.params.studentId);
      const deleted = await deleteAttempts(db, ctx.account.id, quiz.id, request.params.studentId);
      await recalculateProgress(db, ctx.account.id, quiz.course_id, request.params.studentId);
      if (deleted > 0) await notify(request, quiz, (events, scope, course) => events.quizReset(scope, course, quiz, request.params.studentId));
      return { status: true, deleted };
    },
  );
}
