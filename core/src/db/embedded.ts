import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serializeConnections } from './pglite-queue.js';

export interface EmbeddedDatabase {
  /** Folder holding the Unix socket, used as the `pg` host. */
  socketDir: string;
  port: number;
  pglite: PGlite;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * Starts PGlite in-process and serves it over a private Unix socket, so the kernel reaches it with
 * the same `pg` driver it uses for PostgreSQL. `dataDir` undefined keeps the database in memory.
 */
export async function startEmbeddedDatabase(dataDir: string | undefined, template?: Blob): Promise<EmbeddedDatabase> {
  if (dataDir !== undefined) fs.mkdirSync(dataDir, { recursive: true });
  // An in-memory database may start from a dump of another (tests: one migrated template per run).
  const pglite = dataDir === undefined ? new PGlite(template === undefined ? {} : { loadDataDir: template }) : new PGlite(dataDir);
  await pglite.waitReady;
  // A short private folder: Unix socket paths are limited to about 100 bytes.
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-pg-'));
  fs.chmodSync(socketDir, 0o700);
  const server = new PGLiteSocketServer({
    db: pglite,
    path: path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
    maxConnections: 32,
  });
  serializeConnections(server);
  await server.start();
  return {
    socketDir,
    port: SOCKET_PORT,
    pglite,
    async stop() {
      await server.stop();
      await pglite.close();
      fs.rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
