import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { KernelConfig } from '../config/config.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded.js';
import { ensureAppRole } from './roles.js';

// Return int8 and numeric as JavaScript numbers only where safe: counts come back as strings otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
});

export type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * An idle pooled connection that the server drops (restart, failover, admin command) makes the
 * pool emit 'error'; unhandled, that would crash the process. The pool replaces the connection
 * on next use, so a warning is all it needs.
 */
function watchPool(pool: pg.Pool, name: string): pg.Pool {
  pool.on('error', (error) => {
    process.emitWarning(`idle ${name} database connection closed: ${error.message}`, { code: 'LECTERN_DB_IDLE' });
  });
  return pool;
}

export interface Database {
  kind: 'embedded' | 'postgres';
  /** Connects as the owner: migrations and the kernel's own cross-account lookups. */
  owner: AnyDb;
  /** Connects as (or switches to) the application role: every request transaction. */
  app: AnyDb;
  appRole: string;
  /** True when request transactions must switch role themselves (one shared superuser session). */
  switchRole: boolean;
  /** The owner connection's settings, for services that keep a pool of their own (pg-boss). */
  connection: pg.PoolConfig;
  describe: string;
  /** The embedded database's files as a tarball (to start other in-memory databases from); embedded only. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Keep the embedded database in memory instead of under DATA_DIR (tests). */
  inMemory?: boolean;
  /** An in-memory embedded database starts from this dump (Database.dump) instead of an empty cluster. */
  template?: Blob;
  poolMax?: number;
}

export async function openDatabase(
  config: Pick<KernelConfig, 'databaseUrl' | 'databaseAppUrl' | 'dataDir' | 'appRole'>,
  options: DatabaseOptions = {},
): Promise<Database> {
  if (config.databaseUrl === undefined) return openEmbedded(config.dataDir, config.appRole, options);
  return openPostgres(config.databaseUrl, config.databaseAppUrl, config.appRole, options);
}

async function openEmbedded(dataDir: string, appRole: string, options: DatabaseOptions): Promise<Database> {
  const embedded: EmbeddedDatabase = await startEmbeddedDatabase(
    options.inMemory ? undefined : `${dataDir}/pgdata`,
    options.inMemory ? options.template : undefined,
  );
  const connection = { host: embedded.socketDir, port: embedded.port, user: 'postgres', database: 'postgres' };
  // PGlite runs one backend: more connections only queue, so the app pool is small.
  const ownerPool = watchPool(new pg.Pool({ ...connection, max: 2 }), 'owner');
  const appPool = watchPool(new pg.Pool({ ...connection, max: options.poolMax ?? 4 }), 'app');
  const owner = new Kysely<any>({ dialect: new PostgresDialect({ pool: ownerPool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  await ensureAppRole(owner, appRole, undefined);
  const app = new Kysely<any>({ dialect: new PostgresDialect({ pool: appPool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  return {
    kind: 'embedded',
    owner,
    app,
    appRole,
    switchRole: true,
    connection,
    describe: `embedded PGlite (${options.inMemory ? 'in memory' : `${dataDir}/pgdata`})`,
    dump: () => embedded.pglite.dumpDataDir('none'),
    async close() {
      await app.destroy();
      await owner.destroy();
      await embedded.stop();
    },
  };
}

async function openPostgres(databaseUrl: string, databaseAppUrl: string | undefined, appRole: string, options: DatabaseOptions): Promise<Database> {
  const ownerPool = watchPool(new pg.Pool({ connectionString: databaseUrl, max: 4 }), 'owner');
  const owner = new Kysely<any>({ dialect: new PostgresDialect({ pool: ownerPool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  let appUrl = databaseAppUrl;
  let role = appRole;
  if (appUrl === undefined) {
    // Derive the app role's connection from the owner's: same server and database, other user.
    const url = new URL(databaseUrl);
    url.username = appRole;
    url.password = process.env.DATABASE_APP_PASSWORD ?? '';
    appUrl = url.toString();
    await ensureAppRole(owner, appRole, process.env.DATABASE_APP_PASSWORD);
  } else {
    role = decodeURIComponent(new URL(appUrl).username) || appRole;
  }
  const appPool = watchPool(new pg.Pool({ connectionString: appUrl, max: options.poolMax ?? 10 }), 'app');
  const app = new Kysely<any>({ dialect: new PostgresDialect({ pool: appPool }) }); // eslint-disable-line @typescript-eslint/no-explicit-any
  const safe = new URL(databaseUrl);
  safe.password = '';
  return {
    kind: 'postgres',
    owner,
    app,
    appRole: role,
    switchRole: false,
    connection: { connectionString: databaseUrl },
    describe: `PostgreSQL (${safe.host}${safe.pathname})`,
    async close() {
      await app.destroy();
      await owner.destroy();
    },
  };
}
