import { AppError, Type, type PluginApp, type RequestContext } from '@lectern/sdk';
import { lmsDb, loadAssessment, requireCourseEditor } from '../access.js';
import { AssessmentErrors } from '../errors.js';
import { QuestionCreateBody, QuestionUpdateBody, type Question } from '../question-schemas.js';
import { questionDataProblem } from '../question-rules.js';
import { deleteQuestion, findQuestion, insertQuestion, listQuestions, reorderQuestions, updateQuestion, type QuestionInput } from '../question-store.js';
import { AuthorQuestion, Deleted, params, Uuid } from './schemas.js';

const tags = ['lms'];
/** Curriculum editors; requireCourseEditor then narrows it to the course's authors and site managers. */
const config = { capability: ['manage_options', 'manage_curriculum'] };
const QuestionList = Type.Object({ questions: Type.Array(AuthorQuestion), total_marks: Type.Integer() });
const QuestionOrderBody = Type.Object({ ids: Type.Array(Uuid, { maxItems: 1000, uniqueItems: true }) }, { additionalProperties: false });

async function editableQuiz(ctx: RequestContext, quizId: string) {
  const quiz = await loadAssessment(lmsDb(ctx), ctx.account.id, quizId, 'quiz');
  await requireCourseEditor(ctx, quiz.course_id);
  return quiz;
}

function checked(input: QuestionInput): QuestionInput {
  const problem = questionDataProblem({ type: input.type, data: input.data } as Pick<Question, 'type' | 'data'>);
  if (problem !== null) throw new AppError(AssessmentErrors.invalidQuestion, problem);
  return { ...input, prompt: input.prompt.trim() };
}

/** The question just written, read back in the same transaction (so it is there). */
async function written(ctx: RequestContext, quizId: string, id: string): Promise<Question> {
  const question = await findQuestion(lmsDb(ctx), ctx.account.id, quizId, id);
  if (question === null) throw new AppError(AssessmentErrors.questionNotFound);
  return question;
}

const listing = (questions: Question[]) => ({ questions, total_marks: questions.reduce((sum, q) => sum + q.marks, 0) });

/** The question bank of a quiz (/api/lms/quizzes/:quizId/questions), answers included: authors only. */
export async function questionRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/quizzes/:quizId/questions',
    { config, schema: { tags, summary: "A quiz's questions in order, with their answers", params: params('quizId'), response: { 200: QuestionList } } },
    async (request) => {
      const quiz = await editableQuiz(request.ctx, request.params.quizId);
      return listing(await listQuestions(lmsDb(request.ctx), request.ctx.account.id, quiz.id));
    },
  );

  app.post(
    '/quizzes/:quizId/questions',
    {
      config,
      schema: { tags, summary: 'Add a question at the end of the quiz', params: params('quizId'), body: QuestionCreateBody, response: { 201: AuthorQuestion } },
    },
    async (request, reply) => {
      const { ctx } = request;
      const quiz = await editableQuiz(ctx, request.params.quizId);
      const id = await insertQuestion(lmsDb(ctx), ctx.account.id, quiz.id, checked(request.body));
      reply.code(201);
      return written(ctx, quiz.id, id);
    },
  );

  app.put(
    '/quizzes/:quizId/questions/:questionId',
    {
      config,
      schema: {
        tags,
        summary: 'Change a question (changing its type needs new data)',
        params: params('quizId', 'questionId'),
        body: QuestionUpdateBody,
        response: { 200: AuthorQuestion },
      },
    },
    async (request) => {
      const { ctx, body } = request;
      const quiz = await editableQuiz(ctx, request.params.quizId);
      const db = lmsDb(ctx);
      const current = await findQuestion(db, ctx.account.id, quiz.id, request.params.questionId);
      if (current === null) throw new AppError(AssessmentErrors.questionNotFound);
      const type = body.type ?? current.type;
      if (type !== current.type && body.data === undefined) throw new AppError(AssessmentErrors.invalidQuestion, 'Send data for the new type');
      const next = checked({ type, prompt: body.prompt ?? current.prompt, data: body.data ?? (current.data as Record<string, unknown>) });
      await updateQuestion(db, ctx.account.id, current.id, { ...next, marks: body.marks ?? current.marks });
      return written(ctx, quiz.id, current.id);
    },
  );

  app.delete(
    '/quizzes/:quizId/questions/:questionId',
    {
      config,
      schema: { tags, summary: 'Remove a question (past results keep their marks)', params: params('quizId', 'questionId'), response: { 200: Deleted } },
    },
    async (request) => {
      const { ctx } = request;
      const quiz = await editableQuiz(ctx, request.params.quizId);
      if (!(await deleteQuestion(lmsDb(ctx), ctx.account.id, quiz.id, request.params.questionId))) throw new AppError(AssessmentErrors.questionNotFound);
      return { status: true };
    },
  );

  app.put(
    '/quizzes/:quizId/question-order',
    {
      config,
      schema: {
        tags,
        summary: "Put a quiz's questions in a new order (every question id, once)",
        params: params('quizId'),
        body: QuestionOrderBody,
        response: { 200: QuestionList },
      },
    },
    async (request) => {
      const { ctx } = request;
      const quiz = await editableQuiz(ctx, request.params.quizId);
      const db = lmsDb(ctx);
      const current = await listQuestions(db, ctx.account.id, quiz.id);
      const known = new Set(current.map((q) => q.id));
      const ids = request.body.ids;
      if (ids.length !== known.size || !ids.every((id) => known.has(id))) throw new AppError(AssessmentErrors.invalidOrder);
      await reorderQuestions(db, ctx.account.id, quiz.id, ids);
      return listing(await listQuestions(db, ctx.account.id, quiz.id));
    },
  );
}
