import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
// Global setups load without the "source" export condition the test files get: import the sources
// directly, so the template is made by the kernel under test and not by an older build.
import { createKernel, loadConfig } from '../../core/src/index.js';
import { PG_TEMPLATE_ENV, PGLITE_TEMPLATE_ENV } from '../../sdk/src/testing/test-database.js';

/**
 * Once per run, before any test file: a database with the kernel's migrations, grants and job
 * tables already in place, which every test file's database starts from (a copy of it, never the
 * template itself). On the embedded PGlite that spares each file the creation of a cluster, the
 * slowest part of its boot; on PostgreSQL, the migrations. A file's own plugins still migrate on
 * top, as they would on a real site's database.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  const dataDir = path.join(tmpdir(), `lectern-template-${randomBytes(4).toString('hex')}`);
  mkdirSync(dataDir, { recursive: true });
  const env = { PLATFORM_DOMAIN: 'localhost', SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATA_DIR: dataDir };

  if (base === undefined || base === '') {
    const app = await createKernel(loadConfig(env), { inMemoryDatabase: true, logger: false });
    const file = path.join(dataDir, 'pglite-template.tar');
    try {
      // Quiet first: no job worker is in the middle of a transaction when the files are copied.
      await app.kernel.jobs.stop();
      const dump = await app.kernel.database.dump?.();
      if (dump === undefined) throw new Error('the embedded database did not dump its files');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await app.close();
    }
    process.env[PGLITE_TEMPLATE_ENV] = file;
    return async () => rmSync(dataDir, { recursive: true, force: true });
  }

  const name = `lectern_template_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await dropStaleTemplates(admin);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const app = await createKernel(loadConfig({ ...env, DATABASE_URL: url.toString() }), { logger: false });
  await app.close();
  await untilUnused(base, name);
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** A database is copied only when nobody is connected to it; closed pools hang up a moment later. */
async function untilUnused(base: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 250; attempt++) {
      const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`the template database ${name} still has connections`);
  } finally {
    await client.end();
  }
}

/** Templates of runs that were killed before their teardown (named after their creation time): gone after a day. */
async function dropStaleTemplates(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'lectern\\_template\\_%'");
  for (const { datname } of rows) {
    const created = Number.parseInt(datname.split('_')[2] ?? '', 36);
    if (Number.isFinite(created) && Date.now() - created > 24 * 3_600_000) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}
