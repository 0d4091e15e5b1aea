import { AppError, type PluginApp } from '@lectern/sdk';
import { callerId, lmsDb, loadAssessment, lockStudentEnrolment, requireCourseEditor, requireEnrolment, requireItemOpen } from '../access.js';
import {
  deleteSubmission,
  findSubmission,
  findSubmissionById,
  listCourseSubmissions,
  markSubmission,
  upsertSubmission,
  type AssignmentSubmissionRow,
} from '../assignment-store.js';
import { AssessmentErrors } from '../errors.js';
import { recalculateProgress } from '../progress.js';
import { assignmentSettings } from '../settings.js';
import { ownFilePath, submissionPath } from '../submission-path.js';
import { gradableCourse } from './grading-routes.js';
import type { AssessmentNotifier } from '../notify.js';
import { Deleted, params, queue, QueueQuery, Submission, SubmissionQueue, AssignmentView, SubmissionBody, MarkBody } from './schemas.js';

const tags = ['lms'];
/** Graders: the course's authors and site managers (requireCourseEditor in each handler). */
const grading = { capability: 'manage_submissions' };

/** Assignments: the student's view and submission, the instructors' queue, marking and reset. */
export async function assignmentRoutes(app: PluginApp, notify: AssessmentNotifier): Promise<void> {
  app.get(
    '/assignments/:id',
    {
      config: { capability: 'read' },
      schema: { tags, summary: 'An assignment for an enrolled student, with their submission', params: params('id'), response: { 200: AssignmentView } },
    },
    async (request) => {
      const { ctx } = request;
      const item = await loadAssessment(lmsDb(ctx), ctx.account.id, request.params.id, 'assignment');
      const studentId = callerId(ctx);
      await requireEnrolment(ctx, item.course_id, { lock: false });
      await requireItemOpen(ctx, item);
      const submission = await findSubmission(lmsDb(ctx), ctx.account.id, item.id, studentId);
      return { id: item.id, course_id: item.course_id, title: item.title, settings: assignmentSettings(item.settings), submission };
    },
  );

  app.post(
    '/assignments/:id/submission',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary:
          "Submit (or resubmit until marked): {content} for text assignments, {file_path} for file ones: the student's own file assignments/{assignmentId}_{studentId}.txt in the texts bucket (403 submission_file_not_own for any other)",
        params: params('id'),
        body: SubmissionBody,
        response: { 200: Submission },
      },
    },
    async (request) => {
      const { ctx, body } = request;
      const db = lmsDb(ctx);
      const item = await loadAssessment(db, ctx.account.id, request.params.id, 'assignment');
      const studentId = callerId(ctx);
      await requireEnrolment(ctx, item.course_id, { lock: true });
      await requireItemOpen(ctx, item);
      const settings = assignmentSettings(item.settings);
      // Text assignments need the text; file ones the file, with an optional note beside it.
      const content = (body.content ?? '').trim();
      let filePath: string | null = null;
      if (settings.submission === 'text') {
        if (content === '') throw new AppError(AssessmentErrors.invalidSubmission, 'This assignment is answered with text: send content');
      } else {
        const own = ownFilePath(item.id, studentId);
        if (body.file_path === undefined)
          throw new AppError(
            AssessmentErrors.invalidSubmission,
            `This assignment is answered with a file: send file_path ${own} as stored by /api/upload/text`,
          );
        const checked = submissionPath(body.file_path, item.id, studentId);
        if (!checked.ok && checked.reason === 'not_own') throw new AppError(AssessmentErrors.notOwnFile, `${AssessmentErrors.notOwnFile.message}: ${own}`);
        if (!checked.ok) throw new AppError(AssessmentErrors.invalidSubmission, `file_path must be ${own} as stored by /api/upload/text`);
        filePath = checked.path;
      }
      const saved = await upsertSubmission(db, { accountId: ctx.account.id, assignmentId: item.id, courseId: item.course_id, studentId, content, filePath });
      if (saved === null) throw new AppError(AssessmentErrors.assignmentMarked);
      await recalculateProgress(db, ctx.account.id, item.course_id, studentId);
      await notify(request, item, (events, scope, course) => events.assignmentSubmitted(scope, course, item, studentId));
      return saved;
    },
  );

  app.get(
    '/courses/:courseId/assignment-submissions',
    {
      config: grading,
      schema: {
        tags,
        summary: "A course's assignment submissions in one status (default 3, awaiting marks), oldest first",
        params: params('courseId'),
        querystring: QueueQuery,
        response: { 200: SubmissionQueue },
      },
    },
    async (request) => {
      const { ctx } = request;
      const courseId = await gradableCourse(ctx, request.params.courseId);
      const { rows, total } = await listCourseSubmissions(lmsDb(ctx), ctx.account.id, courseId, queue(request.query));
      return { submissions: rows, total };
    },
  );

  app.post(
    '/assignment-submissions/:id/mark',
    {
      config: grading,
      schema: {
        tags,
        summary: 'Mark a submission (0…max_marks): status 4, and the assignment counts complete',
        params: params('id'),
        body: MarkBody,
        response: { 200: Submission },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const found: AssignmentSubmissionRow | null = await findSubmissionById(db, ctx.account.id, request.params.id);
      if (found === null) throw new AppError(AssessmentErrors.submissionNotFound);
      await requireCourseEditor(ctx, found.course_id);
      // Course, enrolment, then the submission (read again: a reset may have removed it meanwhile).
      await lockStudentEnrolment(ctx, found.course_id, found.student_id);
      const row = await findSubmissionById(db, ctx.account.id, found.id);
      if (row === null) throw new AppError(AssessmentErrors.submissionNotFound);
      if (row.status < 3) throw new AppError(AssessmentErrors.notAwaitingEvaluation);
      const item = await loadAssessment(db, ctx.account.id, row.assignment_id, 'assignment');
      const { max_marks } = assignmentSettings(item.settings);
      if (request.body.marks > max_marks) throw new AppError(AssessmentErrors.marksOutOfRange, `Marks must be between 0 and ${max_marks}`);
      const marked = await markSubmission(db, ctx.account.id, row.id, request.body.marks);
      await recalculateProgress(db, ctx.account.id, row.course_id, row.student_id);
      await notify(request, item, (events, scope, course) => events.assignmentEvaluated(scope, course, item, row.student_id, request.body.marks));
      return marked;
    },
  );

  app.delete(
    '/assignments/:id/students/:studentId/submission',
    {
      config: grading,
      schema: {
        tags,
        summary: 'Reset an assignment for a student: their submission is deleted',
        params: params('id', 'studentId'),
        response: { 200: Deleted },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const item = await loadAssessment(db, ctx.account.id, request.params.id, 'assignment');
      await requireCourseEditor(ctx, item.course_id);
      await lockStudentEnrolment(ctx, item.course_id, request.params.studentId);
      const deleted = await deleteSubmission(db, ctx.account.id, item.id, request.params.studentId);
      await recalculateProgress(db, ctx.account.id, item.course_id, request.params.studentId);
      if (deleted) await notify(request, item, (events, scope, course) => events.assignmentReset(scope, course, item, request.params.studentId));
      return { status: true, deleted };
    },
  );
}
