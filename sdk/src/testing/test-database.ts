import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';

export interface TestDatabase {
  /** Connection string for the kernel; undefined means the embedded PGlite (in memory). */
  url: string | undefined;
  /** Embedded only: the migrated template the in-memory database starts from, when the run made one. */
  template?: Blob;
  drop(): Promise<void>;
}

/** Set by tests/support/database-template.setup.ts: a dump of a migrated PGlite, and a migrated PostgreSQL database. */
export const PGLITE_TEMPLATE_ENV = 'LECTERN_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'LECTERN_TEST_PG_TEMPLATE';
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

let pgliteTemplate: Blob | undefined;
function readPgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (file === undefined || file === '' || !existsSync(file)) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh database for one test file: a new PostgreSQL database when TEST_DATABASE_URL is set
 * (created and dropped through that connection), else an in-memory PGlite the kernel starts. Both
 * start from the run's migrated template when there is one (the kernel's migrations already
 * applied), which spares each file the cluster's creation and the migrations.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (base === undefined || base === '') {
    const template = readPgliteTemplate();
    return { url: undefined, ...(template === undefined ? {} : { template }), drop: async () => undefined };
  }
  const name = `lectern_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = process.env[PG_TEMPLATE_ENV];
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(template !== undefined && IDENTIFIER.test(template) ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(base, name),
  };
}

/**
 * Drops a test database once its pools have let go. Closed pools finish hanging up a moment after
 * they report closed, so wait for that rather than killing the sessions, and force only as a
 * last resort.
 */
async function dropDatabase(base: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
