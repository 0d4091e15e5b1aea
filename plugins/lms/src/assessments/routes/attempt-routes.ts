import { AppError, type PluginApp, type RequestContext } from '@lectern/sdk';
import { callerId, lmsDb, loadAssessment, requireEnrolment, requireItemOpen, type AssessmentItem } from '../access.js';
import { readAttemptRecord } from '../attempt-record.js';
import { insertAttempt, listAttempts, saveAttempt, saveProgress, type AttemptRow } from '../attempt-store.js';
import { attemptResult, deadlineOf, isLate } from '../attempt-views.js';
import { AssessmentErrors } from '../errors.js';
import { recalculateProgress } from '../progress.js';
import type { Question } from '../question-schemas.js';
import { listQuestions } from '../question-store.js';
import { toStudentQuestion } from '../question-views.js';
import { autoMark, needsInstructor, totalAwarded } from '../quiz-evaluation.js';
import { quizSettings, type QuizSettings } from '../settings.js';
import type { AssessmentNotifier } from '../notify.js';
import { EmptyBody, params, QuizView, AnswersBody, QuizResults, AttemptResultSchema } from './schemas.js';

const tags = ['lms'];
/** Students (and anyone else enrolled) take quizzes; requireEnrolment decides. */
const config = { capability: 'read' };

interface Loaded {
  quiz: AssessmentItem;
  settings: QuizSettings;
  studentId: string;
}

async function enrolledQuiz(ctx: RequestContext, quizId: string, lock: boolean): Promise<Loaded> {
  const quiz = await loadAssessment(lmsDb(ctx), ctx.account.id, quizId, 'quiz');
  const studentId = callerId(ctx);
  await requireEnrolment(ctx, quiz.course_id, { lock });
  await requireItemOpen(ctx, quiz);
  return { quiz, settings: quizSettings(quiz.settings), studentId };
}

const isOpen = (row: AttemptRow | undefined): row is AttemptRow => row !== undefined && row.status <= 2;

function quizView(loaded: Loaded, attempts: AttemptRow[], questions: Question[], now: Date) {
  const { quiz, settings } = loaded;
  const newest = attempts[0];
  const open = isOpen(newest) ? newest : null;
  return {
    id: quiz.id,
    course_id: quiz.course_id,
    title: quiz.title,
    settings,
    question_count: questions.length,
    total_marks: questions.reduce((sum, q) => sum + q.marks, 0),
    attempts_used: attempts.length,
    attempts_allowed: 1 + settings.retakes,
    current:
      open === null
        ? null
        : {
            id: open.id,
            attempt: open.attempt,
            status: open.status,
            started_at: open.started_at,
            deadline: deadlineOf(open, settings),
            expired: isLate(open, settings, now),
          },
    questions: open === null ? [] : questions.map(toStudentQuestion),
    answers: open === null ? {} : readAttemptRecord(open.answers).responses,
  };
}

/** Only answers to this quiz's questions are kept. */
function ownAnswers(questions: readonly Question[], answers: Record<string, unknown>): Record<string, unknown> {
  const known = new Set(questions.map((q) => q.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => known.has(id)));
}

/**
 * Closes an open attempt: the answers saved so far plus those sent now. After the time limit and
 * its grace, only the answers saved in time count (the attempt is recorded as late): that is how
 * the time limit is enforced. Status 4 at once for automatic quizzes without essays, else 3.
 */
async function closeAttempt(
  ctx: RequestContext,
  loaded: Loaded,
  attempt: AttemptRow,
  questions: Question[],
  sent: Record<string, unknown>,
  now: Date,
): Promise<AttemptRow> {
  const late = isLate(attempt, loaded.settings, now);
  const saved = ownAnswers(questions, readAttemptRecord(attempt.answers).responses);
  const responses = late ? saved : { ...saved, ...ownAnswers(questions, sent) };
  const results = autoMark(questions, responses);
  const status = needsInstructor(loaded.settings, questions) ? 3 : 4;
  const row = await saveAttempt(lmsDb(ctx), ctx.account.id, attempt.id, {
    status,
    marks: totalAwarded(results),
    record: { responses, results, late },
    submitted: now,
  });
  await recalculateProgress(lmsDb(ctx), ctx.account.id, loaded.quiz.course_id, loaded.studentId);
  return row;
}

/** Taking a quiz: the quiz as a student sees it, starting (or resuming) an attempt, submitting, results. */
export async function attemptRoutes(app: PluginApp, notify: AssessmentNotifier): Promise<void> {
  app.get(
    '/quizzes/:quizId',
    {
      config,
      schema: {
        tags,
        summary: 'A quiz for an enrolled student: settings, attempts, and the questions (no answers) while an attempt is open',
        params: params('quizId'),
        response: { 200: QuizView },
      },
    },
    async (request) => {
      const { ctx } = request;
      const loaded = await enrolledQuiz(ctx, request.params.quizId, false);
      const db = lmsDb(ctx);
      return quizView(
        loaded,
        await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId),
        await listQuestions(db, ctx.account.id, loaded.quiz.id),
        new Date(),
      );
    },
  );

  app.post(
    '/quizzes/:quizId/attempts',
    {
      config,
      schema: {
        tags,
        summary: 'Start an attempt (201), or resume the open one (200); refused when no retakes are left',
        params: params('quizId'),
        body: EmptyBody,
        response: { 200: QuizView, 201: QuizView },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const loaded = await enrolledQuiz(ctx, request.params.quizId, true);
      const db = lmsDb(ctx);
      const now = new Date();
      const questions = await listQuestions(db, ctx.account.id, loaded.quiz.id);
      let attempts = await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId);
      const newest = attempts[0];
      if (isOpen(newest)) {
        if (!isLate(newest, loaded.settings, now)) return quizView(loaded, attempts, questions, now);
        // Its time ran out unanswered: it counts as submitted, late, before the next one starts.
        const closed = await closeAttempt(ctx, loaded, newest, questions, {}, now);
        await notify(request, loaded.quiz, async (events, scope, course) => {
          await events.quizSubmitted(scope, course, loaded.quiz, loaded.studentId, newest.attempt > 1);
          if (closed.status === 4) await events.quizEvaluated(scope, course, loaded.quiz, loaded.studentId, closed.marks ?? 0);
        });
        attempts = await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId);
        // Closed now and waiting for the instructor: answer with it (an error would undo the close).
        if (closed.status === 3) return quizView(loaded, attempts, questions, now);
      }
      if (attempts[0]?.status === 3) throw new AppError(AssessmentErrors.awaitingEvaluation);
      if (attempts.length >= 1 + loaded.settings.retakes) throw new AppError(AssessmentErrors.noRetakesLeft);
      const created = await insertAttempt(db, {
        accountId: ctx.account.id,
        quizId: loaded.quiz.id,
        courseId: loaded.quiz.course_id,
        studentId: loaded.studentId,
        attempt: (attempts[0]?.attempt ?? 0) + 1,
      });
      reply.code(201);
      return quizView(loaded, [created, ...attempts], questions, now);
    },
  );

  app.put(
    '/quizzes/:quizId/answers',
    {
      config,
      schema: {
        tags,
        summary: 'Save answers in the open attempt (status 2, in progress); they count even if the time runs out before submitting',
        params: params('quizId'),
        body: AnswersBody,
        response: { 200: QuizView },
      },
    },
    async (request) => {
      const { ctx } = request;
      const loaded = await enrolledQuiz(ctx, request.params.quizId, true);
      const db = lmsDb(ctx);
      const now = new Date();
      const attempts = await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId);
      const open = attempts[0];
      if (!isOpen(open)) throw new AppError(AssessmentErrors.quizNotStarted);
      if (isLate(open, loaded.settings, now)) throw new AppError(AssessmentErrors.quizTimeUp);
      const questions = await listQuestions(db, ctx.account.id, loaded.quiz.id);
      const record = readAttemptRecord(open.answers);
      const updated = await saveProgress(db, ctx.account.id, open.id, {
        ...record,
        responses: { ...ownAnswers(questions, record.responses), ...ownAnswers(questions, request.body.answers) },
      });
      return quizView(loaded, [updated, ...attempts.slice(1)], questions, now);
    },
  );

  app.post(
    '/quizzes/:quizId/submit',
    {
      config,
      schema: {
        tags,
        summary:
          'Submit the open attempt: {answers: {questionId: answer}} (added to those saved). Evaluated at once (status 4) or left for the instructor (status 3)',
        params: params('quizId'),
        body: AnswersBody,
        response: { 200: AttemptResultSchema },
      },
    },
    async (request) => {
      const { ctx } = request;
      const loaded = await enrolledQuiz(ctx, request.params.quizId, true);
      const db = lmsDb(ctx);
      const newest = (await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId))[0];
      if (!isOpen(newest)) throw new AppError(AssessmentErrors.quizNotStarted);
      const questions = await listQuestions(db, ctx.account.id, loaded.quiz.id);
      const saved = await closeAttempt(ctx, loaded, newest, questions, request.body.answers, new Date());
      await notify(request, loaded.quiz, async (events, scope, course) => {
        await events.quizSubmitted(scope, course, loaded.quiz, loaded.studentId, newest.attempt > 1);
        if (saved.status === 4) await events.quizEvaluated(scope, course, loaded.quiz, loaded.studentId, saved.marks ?? 0);
      });
      return attemptResult(saved, loaded.settings, questions);
    },
  );

  app.get(
    '/quizzes/:quizId/results',
    {
      config,
      schema: {
        tags,
        summary: "The student's attempts, newest first: marks, pass or fail and per-question outcomes once evaluated",
        params: params('quizId'),
        response: { 200: QuizResults },
      },
    },
    async (request) => {
      const { ctx } = request;
      const loaded = await enrolledQuiz(ctx, request.params.quizId, false);
      const db = lmsDb(ctx);
      const attempts = await listAttempts(db, ctx.account.id, loaded.quiz.id, loaded.studentId);
      const questions = await listQuestions(db, ctx.account.id, loaded.quiz.id);
      return {
        quiz_id: loaded.quiz.id,
        passing_mark: loaded.settings.passing_mark,
        attempts_used: attempts.length,
        attempts_allowed: 1 + loaded.settings.retakes,
        attempts: attempts.map((a) => attemptResult(a, loaded.settings, questions)),
      };
    },
  );
}
