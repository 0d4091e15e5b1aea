import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';
import { paged } from '../schema/kit.js';
import type { JobService } from './job-service.js';
import { PLATFORM_ADMIN } from '../http/platform-admin.js';
import { JobIdParams, JobListQuery, JobListSchema, RetryBody, RetrySchema } from './schemas.js';

/** The super-admin's view of background jobs: GET /api/platform/jobs and POST /api/platform/jobs/:id/retry. */
export async function jobRoutes(server: FastifyInstance, deps: { jobs: JobService }): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/jobs',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Background jobs across all accounts, newest first (e.g. ?state=failed)',
        querystring: JobListQuery,
        response: { 200: JobListSchema },
      },
    },
    async (request) => {
      const { state, name, limit, offset } = paged(request.query, 50);
      // Through the request's own connection (system access): on the embedded database another
      // connection would wait behind this request's transaction.
      return request.ctx.withSystem('platform: list jobs', (db) => deps.jobs.list({ state, name, limit, offset }, db));
    },
  );

  app.post(
    '/api/platform/jobs/:id/retry',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Send a failed job back to its queue for one more try',
        params: JobIdParams,
        body: RetryBody,
        response: { 200: RetrySchema },
      },
    },
    async (request) => {
      return request.ctx.withSystem(`platform: retry job ${request.params.id}`, async (db) => {
        const job = await deps.jobs.find(request.params.id, db);
        if (job === null) throw new AppError(Errors.notFound);
        if (job.state !== 'failed') throw new AppError(Errors.conflict, `Only failed jobs can be retried; this one is ${job.state}`);
        await deps.jobs.retry(job.id, db);
        return { status: 'retrying', job: (await deps.jobs.find(job.id, db)) ?? job };
      });
    },
  );
}
