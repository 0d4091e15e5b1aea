import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BenchDatabases } from './bench-databases.js';

const base = process.env.TEST_DATABASE_URL?.trim() || undefined;

async function databaseNames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'lectern_bench_%'")).rows.map((r) => r.datname);
  } finally {
    await client.end();
  }
}

// The bench makes its own databases only on PostgreSQL; embedded, each group has a data folder.
describe.skipIf(base === undefined)('bench databases on PostgreSQL', () => {
  const databases = new BenchDatabases(base ?? '');
  afterAll(() => databases.dropAll());

  it('each group gets an empty database of its own, and all of them are dropped at the end', async () => {
    const first = await databases.create('base');
    const second = await databases.create('shop');
    const names = [first, second].map((env) => new URL(env.DATABASE_URL ?? '').pathname.slice(1));
    expect(names[0]).toMatch(/^lectern_bench_base_[a-z0-9]+$/);
    expect(names[1]).toMatch(/^lectern_bench_shop_[a-z0-9]+$/);
    expect(await databases.describe()).toMatch(/^PostgreSQL \d+\.\d+ \(127\.0\.0\.1:5432\)/);
    expect(await databaseNames()).toEqual(expect.arrayContaining(names));

    // Usable and empty: no table of an earlier run or of another group.
    const client = new pg.Client({ connectionString: first.DATABASE_URL });
    await client.connect();
    const tables = await client.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public'").finally(() => client.end());
    expect(tables.rowCount).toBe(0);

    await databases.dropAll();
    const left = await databaseNames();
    expect(left).not.toContain(names[0]);
    expect(left).not.toContain(names[1]);
    await expect(databases.create('lms')).rejects.toThrow(/stopping/);
  });
});
