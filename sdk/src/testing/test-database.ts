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
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
