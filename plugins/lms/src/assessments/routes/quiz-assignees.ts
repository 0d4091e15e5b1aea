import { AppError, sql, type PluginApp, type PluginContext } from '@lectern/sdk';
import { callerId, lmsDb, loadAssessment, requireCourseEditor } from '../access.js';
import { ASSIGNED_MAX, ASSIGNED_QUIZ, assignedQuizzes, assignQuiz, unassignQuiz } from '../assigned-quizzes.js';
import { AssessmentErrors } from '../errors.js';
import { findEnrolment } from '../../enrolment/store.js';
import { EmptyBody, params, Assignees, Done, MyAssigned } from './schemas.js';

const tags = ['lms'];
/** Assigning work to students is managing them. */
const managers = { capability: 'manage_students' };

/**
 * SPEC §3 `assigned_quiz` member meta: an instructor assigns one of their course's quizzes to an
 * enrolled student, and the student sees what is assigned to them.
 */
export async function quizAssigneeRoutes(app: PluginApp, plugin: PluginContext): Promise<void> {
  app.get(
    '/quizzes/:quizId/assignees',
    {
      config: managers,
      schema: {
        tags,
        summary: 'The students a quiz is assigned to',
        params: params('quizId'),
        response: { 200: Assignees },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const quiz = await loadAssessment(db, ctx.account.id, request.params.quizId, 'quiz');
      await requireCourseEditor(ctx, quiz.course_id);
      const { rows } = await sql<{ student_id: string; name: string; assigned_at: string }>`
        SELECT mm.user_id AS student_id, coalesce(nullif(m.name, ''), '') AS name, entry->>'assigned_at' AS assigned_at
          FROM member_meta mm
          CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(mm.meta_value) = 'array' THEN mm.meta_value ELSE '[]'::jsonb END) AS entry
          LEFT JOIN members m ON m.account_id = mm.account_id AND m.user_id = mm.user_id
         WHERE mm.account_id = ${ctx.account.id} AND mm.meta_key = ${ASSIGNED_QUIZ} AND entry->>'quiz_id' = ${quiz.id}
         ORDER BY entry->>'assigned_at' DESC, mm.user_id
         LIMIT 1000`.execute(db);
      return { assignees: rows };
    },
  );

  app.post(
    '/quizzes/:quizId/assignees/:studentId',
    {
      config: managers,
      schema: {
        tags,
        summary: `Assign the quiz to a student enrolled in its course (at most ${ASSIGNED_MAX} per student)`,
        params: params('quizId', 'studentId'),
        body: EmptyBody,
        response: { 200: Done },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const quiz = await loadAssessment(db, ctx.account.id, request.params.quizId, 'quiz');
      await requireCourseEditor(ctx, quiz.course_id);
      if ((await findEnrolment(db, ctx.account.id, quiz.course_id, request.params.studentId)) === null) throw new AppError(AssessmentErrors.studentNotEnrolled);
      const entry = { quiz_id: quiz.id, course_id: quiz.course_id, assigned_by: callerId(ctx), assigned_at: new Date().toISOString() };
      if (!(await assignQuiz(plugin.memberMeta, db, ctx.account.id, request.params.studentId, entry))) throw new AppError(AssessmentErrors.tooManyAssigned);
      return { status: true };
    },
  );

  app.delete(
    '/quizzes/:quizId/assignees/:studentId',
    {
      config: managers,
      schema: {
        tags,
        summary: "Take the quiz off the student's assignments",
        params: params('quizId', 'studentId'),
        response: { 200: Done },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const quiz = await loadAssessment(db, ctx.account.id, request.params.quizId, 'quiz');
      await requireCourseEditor(ctx, quiz.course_id);
      return { status: await unassignQuiz(plugin.memberMeta, db, ctx.account.id, request.params.studentId, quiz.id) };
    },
  );

  app.get(
    '/my/assigned-quizzes',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "The quizzes assigned to the signed-in member, newest first, with their newest attempt's status",
        response: { 200: MyAssigned },
      },
    },
    async (request) => {
      const { ctx } = request;
      const db = lmsDb(ctx);
      const me = callerId(ctx);
      const assigned = await assignedQuizzes(plugin.memberMeta, db, ctx.account.id, me);
      if (assigned.length === 0) return { quizzes: [] };
      const ids = assigned.map((a) => a.quiz_id);
      // Quizzes deleted since (or of courses gone) drop out; one query for titles and courses, one for attempts.
      // Only quizzes of published courses the member is still enrolled in are theirs to take.
      const items = await db
        .selectFrom('lms_items as i')
        .innerJoin('lms_courses as c', (join) => join.onRef('c.account_id', '=', 'i.account_id').onRef('c.id', '=', 'i.course_id'))
        .innerJoin('lms_course_students as s', (join) => join.onRef('s.account_id', '=', 'i.account_id').onRef('s.course_id', '=', 'i.course_id'))
        .select(['i.id', 'i.title', 'c.id as course_id', 'c.slug', 'c.title as course_title'])
        .where('i.account_id', '=', ctx.account.id)
        .where('i.id', 'in', ids)
        .where('s.student_id', '=', me)
        .where('c.status', '=', 'published')
        .execute();
      const attempts = await db
        .selectFrom('lms_quiz_submissions')
        .select(['quiz_id', 'status', 'attempt'])
        .where('account_id', '=', ctx.account.id)
        .where('student_id', '=', me)
        .where('quiz_id', 'in', ids)
        .execute();
      const newest = new Map<string, { status: number; attempt: number }>();
      for (const row of attempts) if ((newest.get(row.quiz_id)?.attempt ?? 0) < row.attempt) newest.set(row.quiz_id, row);
      const byId = new Map(items.map((item) => [item.id, item]));
      const quizzes = [...assigned]
        .sort((a, b) => b.assigned_at.localeCompare(a.assigned_at))
        .flatMap((a) => {
          const item = byId.get(a.quiz_id);
          return item === undefined
            ? []
            : [
                {
                  quiz_id: item.id,
                  title: item.title,
                  course: { id: item.course_id, slug: item.slug, title: item.course_title },
                  assigned_at: a.assigned_at,
                  status: newest.get(item.id)?.status ?? null,
                },
              ];
        });
      return { quizzes };
    },
  );
}
