import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';

export interface RawPool {
  pool: pg.Pool;
  kind: 'embedded' | 'postgres';
  describe: string;
  close(): Promise<void>;
}

/**
 * A plain `pg` pool to the database the kernel used, opened the way the kernel opens it so the
 * comparison is fair: PostgreSQL through DATABASE_URL, or the embedded PGlite data folder served
 * over a private Unix socket (the kernel keeps it in `<DATA_DIR>/pgdata`; the kernel process has
 * exited by now, PGlite allows one process per folder). Pool sizes match the kernel's app pools.
 */
export async function openRawPool(databaseUrl: string | undefined, dataDir: string): Promise<RawPool> {
  if (databaseUrl !== undefined) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    const safe = new URL(databaseUrl);
    return { pool, kind: 'postgres', describe: `PostgreSQL (${safe.host}${safe.pathname})`, close: () => pool.end() };
  }
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(pgdata)) throw new Error(`no embedded database at ${pgdata}: run kernel-read first`);
  const pglite = new PGlite(pgdata);
  await pglite.waitReady;
  // Unix socket paths are limited to about 100 bytes: a short private folder.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const server = new PGLiteSocketServer({ db: pglite, path: path.join(socketDir, '.s.PGSQL.5432'), maxConnections: 32 });
  await server.start();
  const pool = new pg.Pool({ host: socketDir, port: 5432, user: 'postgres', database: 'postgres', max: 4 });
  return {
    pool,
    kind: 'embedded',
    describe: `embedded PGlite (${pgdata})`,
    async close() {
      await pool.end();
      await server.stop();
      await pglite.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
