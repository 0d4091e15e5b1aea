import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { StringEnum, Uuid } from '../schema/kit.js';
import { AppError, Errors } from '../errors/errors.js';

/** SPEC §7 POST /api/log: browsers report problems into the server log, tagged with their site. */
export async function clientLogRoutes(server: FastifyInstance): Promise<void> {
  const app = typed(server);
  app.post(
    '/api/log',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['kernel'],
        summary: 'Record a message from a browser in the server log',
        body: Type.Object(
          {
            message: Type.String({ minLength: 1, maxLength: 4000 }),
            account_id: Uuid,
            level: Type.Optional(StringEnum(['info', 'warn', 'error'])),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ status: Type.Boolean() }) },
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
