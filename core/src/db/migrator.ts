import { createHash } from 'node:crypto';
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { AnyDb } from './database.js';

export type MigrationMap = Record<string, Migration>;

export class MigrationError extends Error {
  constructor(packageName: string, migration: string | undefined, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Migration ${migration ?? '(unknown)'} of ${packageName} failed: ${reason}`, { cause });
    this.name = 'MigrationError';
  }
}

const PREFIX = 'lectern_migrations_';
/** PostgreSQL names are at most 63 bytes, and the lock table adds `_lock`. */
const MAX_SUFFIX = 63 - PREFIX.length - '_lock'.length;

/**
 * Each package keeps its own migration history, so plugins can be added and removed freely. Long
 * package names are shortened with a hash so the ledger and its lock never collide after
 * PostgreSQL truncates identifiers.
 */
export function migrationTableName(packageName: string): string {
  const safe = packageName.replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  if (safe.length <= MAX_SUFFIX) return PREFIX + safe;
  const hash = createHash('sha256').update(packageName).digest('hex').slice(0, 8);
  return `${PREFIX}${safe.slice(0, MAX_SUFFIX - 9)}_${hash}`;
}

export function isMigrationTable(table: string): boolean {
  return table.startsWith('lectern_migrations_');
}

/** Applies a package's pending migrations in name order; each runs in its own transaction. */
export async function migratePackage(owner: AnyDb, packageName: string, migrations: MigrationMap): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const table = migrationTableName(packageName);
  const migrator = new Migrator({
    db: owner,
    provider,
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) throw new MigrationError(packageName, failed?.migrationName, error);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
