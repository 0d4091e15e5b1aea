import { sql } from 'kysely';
import type { AnyDb } from './database.js';
import { isMigrationTable } from './migrator.js';
import { quoteIdent } from './roles.js';

/** How a table is exposed: tenant tables are isolated by RLS; global ones say what the app role may do. */
export type TableScope = 'tenant' | { scope: 'global'; /** e.g. "SELECT" or "SELECT (id, email), UPDATE (name)"; none when omitted */ app?: string };

export type TableDeclarations = Record<string, TableScope>;

interface TableFacts {
  table: string;
  rls: boolean;
  forced: boolean;
  hasAccountId: boolean;
  policies: number;
}

export class TenancyError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Tenancy check failed; every table that is not declared global needs an account_id column, ` +
        `forced row-level security and a policy (use createTenantTable in its migration):\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    this.name = 'TenancyError';
  }
}

async function readTables(owner: AnyDb): Promise<TableFacts[]> {
  const { rows } = await sql<{ table: string; rls: boolean; forced: boolean; has_account_id: boolean; policies: number }>`
    SELECT c.relname AS table,
           c.relrowsecurity AS rls,
           c.relforcerowsecurity AS forced,
           EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped) AS has_account_id,
           (SELECT count(*)::int FROM pg_policy p WHERE p.polrelid = c.oid) AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`.execute(owner);
  return rows.map((r) => ({ table: r.table, rls: r.rls, forced: r.forced, hasAccountId: r.has_account_id, policies: r.policies }));
}

/** Lists what is wrong with every table that is neither declared global nor a migration ledger. */
export async function findTenancyProblems(owner: AnyDb, declarations: TableDeclarations): Promise<string[]> {
  const problems: string[] = [];
  for (const facts of await readTables(owner)) {
    const declared = declarations[facts.table];
    if (isMigrationTable(facts.table) || (declared !== undefined && declared !== 'tenant')) continue;
    const missing: string[] = [];
    if (!facts.hasAccountId) missing.push('an account_id column');
    if (!facts.rls) missing.push('row-level security enabled');
    if (!facts.forced) missing.push('row-level security forced');
    if (facts.policies === 0) missing.push('a policy');
    if (missing.length > 0) problems.push(`table "${facts.table}" lacks ${missing.join(', ')}`);
  }
  return problems;
}

export async function verifyTenancy(owner: AnyDb, declarations: TableDeclarations): Promise<void> {
  const problems = await findTenancyProblems(owner, declarations);
  if (problems.length > 0) throw new TenancyError(problems);
}

/**
 * Gives the application role what it may do, idempotently at every boot: full row access on tenant
 * tables (RLS still filters it), and exactly the declared privileges on global ones.
 */
export async function syncGrants(owner: AnyDb, appRole: string, declarations: TableDeclarations): Promise<void> {
  const role = quoteIdent(appRole);
  const statements: string[] = [];
  for (const facts of await readTables(owner)) {
    if (isMigrationTable(facts.table)) continue;
    const table = quoteIdent(facts.table);
    const declared = declarations[facts.table];
    statements.push(`REVOKE ALL ON ${table} FROM ${role}`);
    if (declared === undefined || declared === 'tenant') {
      statements.push(`GRANT SELECT, INSERT, UPDATE, DELETE ON ${table} TO ${role}`);
    } else if (declared.app) {
      statements.push(`GRANT ${declared.app} ON ${table} TO ${role}`);
    }
  }
  statements.push(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
  await sql.raw(statements.join(';\n')).execute(owner);
}
