import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyDb, Database } from '../db/database.js';

/**
 * The only way around tenancy: runs work as the database owner (no row-level security) and logs
 * who asked and why. Inside a request on the embedded database it reuses the request's
 * connection, because PGlite serves one transaction at a time and a second connection would wait
 * for the first forever.
 */
export class SystemAccess {
  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run<T>(reason: string, work: (db: AnyDb) => Promise<T>, caller: { plugin?: string; requestDb?: AnyDb } = {}): Promise<T> {
    if (reason.trim() === '') throw new Error('withSystem needs a reason');
    this.log.info({ system: true, reason, plugin: caller.plugin ?? 'kernel' }, 'system access');
    if (caller.requestDb !== undefined && this.database.switchRole) {
      const db = caller.requestDb;
      await sql`SELECT set_config('role', 'none', true)`.execute(db);
      try {
        return await work(db);
      } finally {
        // If the work failed the transaction is aborted and will roll back; nothing to restore.
        await sql`SELECT set_config('role', ${this.database.appRole}, true)`.execute(db).catch(() => undefined);
      }
    }
    return work(this.database.owner);
  }
}
