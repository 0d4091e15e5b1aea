import { containsPattern, sql, type PluginApp } from '@lectern/sdk';
import { lmsDb } from '../access.js';
import { paged, QuizListQuery, QuizList } from './schemas.js';

const tags = ['lms'];

/**
 * Every quiz the caller may edit, across courses (the instructor area's quiz list, SPEC §2's
 * /dashboard/instructor/quizzes): a course author sees their courses' quizzes, a site manager all.
 */
export async function quizListRoutes(app: PluginApp): Promise<void> {
  app.get(
    '/quizzes',
    {
      config: { capability: ['create_courses', 'manage_options'] },
      schema: {
        tags,
        summary: 'Quizzes of the courses the caller authors (all for site managers), newest change first, with their course and question count',
        querystring: QuizListQuery,
        response: { 200: QuizList },
      },
    },
    async (request) => {
      const { ctx } = request;
      const query = paged(request.query);
      const db = lmsDb(ctx);
      const manager = await ctx.can('manage_options');
      let base = db
        .selectFrom('lms_items as i')
        .innerJoin('lms_courses as c', (join) => join.onRef('c.account_id', '=', 'i.account_id').onRef('c.id', '=', 'i.course_id'))
        .where('i.account_id', '=', ctx.account.id)
        .where('i.post_type', '=', 'quiz');
      if (!manager) {
        const me = ctx.userId as string;
        base = base.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('lms_course_authors as a')
              .select('a.author_id')
              .whereRef('a.account_id', '=', 'i.account_id')
              .whereRef('a.course_id', '=', 'i.course_id')
              .where('a.author_id', '=', me),
          ),
        );
      }
      if (query.search !== undefined && query.search.trim() !== '') base = base.where('i.title', 'ilike', containsPattern(query.search.trim()));
      const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'i.id',
          'i.title',
          'i.settings',
          'c.id as course_id',
          'c.title as course_title',
          'c.slug',
          'c.status',
          sql<string>`(SELECT count(*) FROM lms_questions q WHERE q.account_id = i.account_id AND q.quiz_id = i.id)`.as('questions'),
        ])
        .orderBy('i.updated_at', 'desc')
        .orderBy('i.id')
        .limit(query.limit)
        .offset(query.offset)
        .execute();
      return {
        total: Number(total),
        items: rows.map((row) => ({
          id: row.id,
          title: row.title,
          settings: row.settings ?? {},
          questions: Number(row.questions),
          course: { id: row.course_id, title: row.course_title, slug: row.slug, status: row.status },
        })),
      };
    },
  );
}
