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

/** Each package keeps its own migration history, so plugins can be added and removed freely. */
export function migrationTableName(packageName: string): string {
  return `lectern_migrations_${packageName.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}`;
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
