import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import { typed } from '../http/typed-app.js';

const Status = Type.Object({ status: Type.String(), database: Type.Optional(Type.String()) });

/** Liveness (the process answers) and readiness (the database answers), on any host. */
export async function healthRoutes(server: FastifyInstance, opts: { database: Database; closing: () => boolean }): Promise<void> {
  const app = typed(server);
  app.get('/healthz', { config: { public: true, tenancy: false }, schema: { tags: ['kernel'], response: { 200: Status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/readyz', { config: { public: true, tenancy: false }, schema: { tags: ['kernel'], response: { 200: Status } } }, async () => {
    if (opts.closing()) throw new AppError(Errors.unavailable, 'The server is shutting down');
    try {
      await sql`SELECT 1`.execute(opts.database.owner);
    } catch {
      throw new AppError(Errors.unavailable, 'The database does not answer');
    }
    return { status: 'ready', database: opts.database.kind };
  });
}
