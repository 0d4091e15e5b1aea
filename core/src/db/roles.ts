import { sql } from 'kysely';
import type { AnyDb } from './database.js';

/**
 * Creates the application role if it is missing: it can log in, owns nothing and cannot bypass
 * row-level security. Roles are cluster-wide, so concurrent boots may race; losing is harmless.
 */
export async function ensureAppRole(owner: AnyDb, role: string, password: string | undefined): Promise<void> {
  const passwordClause = password ? ` PASSWORD ${quoteLiteral(password)}` : '';
  for (let attempt = 0; ; attempt++) {
    try {
      await sql
        .raw(
          `DO $$ BEGIN
             IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = ${quoteLiteral(role)}) THEN
               CREATE ROLE ${quoteIdent(role)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE${passwordClause};
             END IF;
           EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
           END $$;`,
        )
        .execute(owner);
      await sql.raw(`GRANT USAGE ON SCHEMA public TO ${quoteIdent(role)}`).execute(owner);
      return;
    } catch (error) {
      // "tuple concurrently updated" when two databases grant at the same moment: try again.
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
    }
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
