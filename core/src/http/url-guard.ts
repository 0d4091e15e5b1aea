import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';

/**
 * Refuses a request whose address carries a NUL byte (%00) in its path or query: no name, slug,
 * id or search term has one, PostgreSQL cannot store one, and file paths must never see one.
 * Answered before routing work, as a 400 with a stable code.
 */
export function installUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.includes('%00')) throw new AppError(Errors.badRequest, 'The address contains a NUL byte (%00), which is not allowed');
  });
}
