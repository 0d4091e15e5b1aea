import { AppError, type PluginApp, type PluginContext } from '@lectern/sdk';
import { courseStore } from '../courses/course-store.js';
import { findEnrolment, lmsDb, requireCourse } from '../enrolment/store.js';
import { LmsErrors } from '../errors.js';
import { requestScope } from '../events/index.js';
import { purgeCoursePages } from '../site/purge.js';
import { LmsTokens } from '../tokens.js';
import { CourseParams, OwnReviewAnswer, REVIEW_PAGE, ReviewBody, ReviewListSchema, ReviewQuery, SlugParams } from './schemas.js';
import { listReviews, ownReview, reviewSummary, saveReview } from './store.js';

export { REVIEW_MAX } from './schemas.js';

const tags = ['lms'];
/** Reviews with ratings: a student who has started the course rates it once (and may change it); everyone reads them. */
export async function reviewRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  app.get(
    '/player/:course/review',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "The signed-in student's review of the course, or null",
        params: CourseParams,
        response: { 200: OwnReviewAnswer },
      },
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      return { review: await ownReview(db, account.id, course.id, userId as string) };
    },
  );

  app.post(
    '/player/:course/review',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: 'Rate the course 1–5 with an optional text (students who have started it; again: replaces the review)',
        params: CourseParams,
        body: ReviewBody,
        response: { 200: OwnReviewAnswer, 201: OwnReviewAnswer },
      },
    },
    async (request, reply) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      const enrolment = await findEnrolment(db, account.id, course.id, userId as string);
      if (enrolment === null || enrolment.status < 2) throw new AppError(LmsErrors.reviewNotAllowed);
      const { review, created } = await saveReview(db, account.id, course.id, userId as string, {
        rating: request.body.rating,
        content: (request.body.content ?? '').trim(),
      });
      if (created) await ctx.resolve(LmsTokens.events).reviewed(requestScope(ctx, request), course, userId as string);
      purgeCoursePages(ctx, request.ctx, [course.slug]);
      reply.code(created ? 201 : 200);
      return { review };
    },
  );

  app.get(
    '/public/courses/:slug/reviews',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A published course's reviews, newest first, with the average rating and the count",
        params: SlugParams,
        querystring: ReviewQuery,
        response: { 200: ReviewListSchema },
      },
    },
    async (request) => {
      const db = lmsDb(request.ctx);
      const course = await courseStore.findPublished(db, request.ctx.account.id, request.params.slug);
      const summary = await reviewSummary(db, request.ctx.account.id, course.id);
      return { ...summary, items: await listReviews(db, request.ctx.account.id, course.id, request.query.limit ?? REVIEW_PAGE, request.query.offset ?? 0) };
    },
  );
}
