import { sql } from 'kysely';
import type { AnyDb, Database } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs work in one transaction as the application role with the account (and user) set locally,
 * so row-level security limits every statement to that account. Commits when work resolves,
 * rolls back when it throws.
 */
export async function runInTenantTransaction<T>(
  database: Database,
  accountId: string,
  userId: string | null | undefined,
  work: (db: AnyDb) => Promise<T>,
): Promise<T> {
  if (!UUID.test(accountId) || (userId != null && !UUID.test(userId))) throw new AppError(Errors.invalidToken);
  return database.app.connection().execute(async (db) => {
    // BEGIN and the settings in one round trip; the values were validated above, so inlining is safe.
    const role = database.switchRole ? `set_config('role', '${database.appRole}', true), ` : '';
    await sql.raw(`BEGIN; SELECT ${role}set_config('app.account_id', '${accountId}', true), set_config('app.user_id', '${userId ?? ''}', true)`).execute(db);
    try {
      const result = await work(db);
      await sql`COMMIT`.execute(db);
      return result;
    } catch (error) {
      await sql`ROLLBACK`.execute(db).catch(() => undefined);
      throw error;
    }
  });
}
