import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';

interface LogBody {
  message: string;
  account_id: string;
  level?: 'info' | 'warn' | 'error';
}

/** SPEC §7 POST /api/log: browsers report problems into the server log, tagged with their site. */
export async function clientLogRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: LogBody }>(
    '/api/log',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['kernel'],
        summary: 'Record a message from a browser in the server log',
        body: {
          type: 'object',
          required: ['message', 'account_id'],
          additionalProperties: false,
          properties: {
            message: { type: 'string', minLength: 1, maxLength: 4000 },
            account_id: { type: 'string', format: 'uuid' },
            level: { type: 'string', enum: ['info', 'warn', 'error'] },
          },
        },
        response: { 200: { type: 'object', required: ['status'], properties: { status: { type: 'boolean' } } } },
      },
    },
    async (request) => {
      const { account } = request.ctx;
      if (request.body.account_id !== account.id) throw new AppError(Errors.accountMismatch);
      const level = request.body.level ?? 'info';
      request.log[level]({ clientLog: true, accountId: account.id, userId: request.ctx.userId }, request.body.message);
      return { status: true };
    },
  );
}
