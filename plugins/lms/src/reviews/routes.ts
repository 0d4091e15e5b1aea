import { AppError, type PluginApp, type PluginContext } from '@lectern/sdk';
import { courseStore } from '../courses/course-store.js';
import { findEnrolment, lmsDb, requireCourse } from '../enrolment/store.js';
import { LmsErrors } from '../errors.js';
import { requestScope } from '../events/index.js';
import { purgeCoursePages } from '../site/purge.js';
import { LmsTokens } from '../tokens.js';
import { listReviews, ownReview, reviewSummary, saveReview } from './store.js';

const tags = ['lms'];
export const REVIEW_MAX = 5000;

const OwnReviewSchema = {
  type: ['object', 'null'],
  required: ['rating', 'content', 'created_at', 'updated_at'],
  properties: {
    rating: { type: 'integer' },
    content: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const CourseParams = {
  type: 'object',
  required: ['course'],
  additionalProperties: false,
  properties: { course: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

const ReviewBody = {
  type: 'object',
  required: ['rating'],
  additionalProperties: false,
  properties: { rating: { type: 'integer', minimum: 1, maximum: 5 }, content: { type: 'string', maxLength: REVIEW_MAX } },
} as const;

export const ReviewListSchema = {
  type: 'object',
  required: ['average', 'count', 'items'],
  properties: {
    average: { type: ['number', 'null'] },
    count: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'rating', 'content', 'name', 'created_at'],
        properties: {
          id: { type: 'string' },
          rating: { type: 'integer' },
          content: { type: 'string' },
          name: { type: 'string' },
          created_at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
} as const;

/** Reviews with ratings: a student who has started the course rates it once (and may change it); everyone reads them. */
export async function reviewRoutes(app: PluginApp, ctx: PluginContext): Promise<void> {
  app.get<{ Params: { course: string } }>(
    '/player/:course/review',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: "The signed-in student's review of the course, or null",
        params: CourseParams,
        response: { 200: { type: 'object', required: ['review'], properties: { review: OwnReviewSchema } } },
      },
    },
    async (request) => {
      const { account, userId } = request.ctx;
      const db = lmsDb(request.ctx);
      const course = await requireCourse(db, account.id, request.params.course);
      return { review: await ownReview(db, account.id, course.id, userId as string) };
    },
  );

  app.post<{ Params: { course: string }; Body: { rating: number; content?: string } }>(
    '/player/:course/review',
    {
      config: { capability: 'read' },
      schema: {
        tags,
        summary: 'Rate the course 1–5 with an optional text (students who have started it; again: replaces the review)',
        params: CourseParams,
        body: ReviewBody,
        response: {
          200: { type: 'object', required: ['review'], properties: { review: OwnReviewSchema } },
          201: { type: 'object', required: ['review'], properties: { review: OwnReviewSchema } },
        },
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

  app.get<{ Params: { slug: string }; Querystring: { limit: number; offset: number } }>(
    '/public/courses/:slug/reviews',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A published course's reviews, newest first, with the average rating and the count",
        params: { type: 'object', required: ['slug'], additionalProperties: false, properties: { slug: { type: 'string', minLength: 1, maxLength: 200 } } },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
            offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
          },
        },
        response: { 200: ReviewListSchema },
      },
    },
    async (request) => {
      const db = lmsDb(request.ctx);
      const course = await courseStore.findPublished(db, request.ctx.account.id, request.params.slug);
      const summary = await reviewSummary(db, request.ctx.account.id, course.id);
      return { ...summary, items: await listReviews(db, request.ctx.account.id, course.id, request.query.limit, request.query.offset) };
    },
  );
}
