import type { FastifyInstance } from 'fastify';
import { typed } from '../../http/typed-app.js';
import { AppError, Errors } from '../../errors/errors.js';
import type { PlatformDeps } from '../index.js';
import { CronList, CronParams, EmptyBody, QueuedJob } from '../schemas.js';
import { PLATFORM_ADMIN } from '../../http/platform-admin.js';

const tags = ['platform'];

/** /dashboard/maintenance/crons: the scheduled jobs, their last run, and running one now. */
export async function cronRoutes(server: FastifyInstance, deps: Pick<PlatformDeps, 'jobs'>): Promise<void> {
  const app = typed(server);
  app.get(
    '/api/platform/crons',
    {
      config: PLATFORM_ADMIN,
      schema: { tags, summary: 'Scheduled jobs with their cron expression and latest run', response: { 200: CronList } },
    },
    // The request's own connection (system access): on the embedded database the job pool would wait behind it.
    async (request) => ({ crons: await request.ctx.withSystem('platform: list crons', (db) => deps.jobs.schedules(db)) }),
  );

  app.post(
    '/api/platform/crons/:name/run',
    {
      config: PLATFORM_ADMIN,
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { tags, summary: "Queue a cron's job now, outside its schedule", params: CronParams, body: EmptyBody, response: { 202: QueuedJob } },
    },
    async (request, reply) => {
      const { name } = request.params;
      const id = await request.ctx.withSystem(`platform: run cron ${name} now`, (db) => deps.jobs.runScheduleNow(name, db));
      if (id === null) throw new AppError(Errors.notFound, `There is no cron "${name}"`);
      reply.code(202);
      return { id };
    },
  );
}
