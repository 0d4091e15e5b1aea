import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** Connection string for the kernel; undefined means the embedded PGlite (in memory). */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file: a new PostgreSQL database when TEST_DATABASE_URL is set
 * (created and dropped through that connection), else nothing to prepare: the kernel runs an
 * in-memory PGlite of its own.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (base === undefined || base === '') return { url: undefined, drop: async () => undefined };
  const name = `lectern_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
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
