import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';
import { JOB_STATES, type JobService } from './job-service.js';
import { PLATFORM_ADMIN } from '../http/platform-admin.js';

const jobItem = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    state: { type: 'string' },
    retry_count: { type: 'integer' },
    retry_limit: { type: 'integer' },
    last_error: { type: ['string', 'null'] },
    account_id: { type: ['string', 'null'] },
    created_at: { type: 'string' },
    completed_at: { type: ['string', 'null'] },
  },
} as const;

/** The super-admin's view of background jobs: GET /api/platform/jobs and POST /api/platform/jobs/:id/retry. */
export async function jobRoutes(app: FastifyInstance, deps: { jobs: JobService }): Promise<void> {
  app.get<{ Querystring: { state?: string; name?: string; limit: number; offset: number } }>(
    '/api/platform/jobs',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Background jobs across all accounts, newest first (e.g. ?state=failed)',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            state: { type: 'string', enum: [...JOB_STATES] },
            name: { type: 'string', maxLength: 100 },
            limit: { type: 'integer', minimum: 1, maximum: 200, default: 50 },
            offset: { type: 'integer', minimum: 0, default: 0 },
          },
        },
        response: {
          200: { type: 'object', required: ['jobs', 'total'], properties: { jobs: { type: 'array', items: jobItem }, total: { type: 'integer' } } },
        },
      },
    },
    async (request) => {
      const { state, name, limit, offset } = request.query;
      // Through the request's own connection (system access): on the embedded database another
      // connection would wait behind this request's transaction.
      return request.ctx.withSystem('platform: list jobs', (db) => deps.jobs.list({ state, name, limit, offset }, db));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/platform/jobs/:id/retry',
    {
      config: PLATFORM_ADMIN,
      schema: {
        tags: ['platform'],
        summary: 'Send a failed job back to its queue for one more try',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: { 200: { type: 'object', required: ['status', 'job'], properties: { status: { type: 'string' }, job: jobItem } } },
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
