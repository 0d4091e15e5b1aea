import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Fresh PostgreSQL databases for one bench run, made and dropped through DATABASE_URL: each
 * scenario group boots on an empty database of its own (its own migrations and demo seed, with
 * its own plugins), as the embedded runs get their own data folders. A shared database would be
 * seeded by whichever group booted first (seedDemo does nothing once accounts exist).
 */
export class BenchDatabases {
  private readonly created = new Set<string>();
  /** CREATE DATABASE statements still running: dropAll waits for them, or one could outlive the run. */
  private readonly pending = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly baseUrl: string) {}

  /** "PostgreSQL 15.2 (127.0.0.1:5432)": what the report says the run used. */
  async describe(): Promise<string> {
    const version = await this.admin(async (client) => (await client.query<{ v: string }>("SELECT current_setting('server_version') AS v")).rows[0]?.v ?? '?');
    return `PostgreSQL ${version.split(' ')[0]} (${new URL(this.baseUrl).host}), a fresh database per scenario group`;
  }

  /**
   * Creates `lectern_bench_<group>_<random>` and returns the environment a server needs to use it:
   * DATABASE_URL, and DATABASE_APP_URL too when the caller set one (same server and role, new database).
   */
  async create(group: string): Promise<Record<string, string>> {
    if (this.closed) throw new Error('the bench is stopping: no new databases');
    if (!/^[a-z]+$/.test(group)) throw new Error(`bench database group must be lower-case letters (got "${group}")`);
    const name = `lectern_bench_${group}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
    this.created.add(name);
    const creating = this.admin((client) => client.query(`CREATE DATABASE ${name}`));
    this.pending.add(creating);
    try {
      await creating;
    } finally {
      this.pending.delete(creating);
    }
    const env: Record<string, string> = { DATABASE_URL: withDatabase(this.baseUrl, name) };
    const appUrl = process.env.DATABASE_APP_URL?.trim();
    if (appUrl !== undefined && appUrl !== '') env.DATABASE_APP_URL = withDatabase(appUrl, name);
    return env;
  }

  /** The run is ending: create() refuses from now on (dropAll then drops what exists). */
  stopCreating(): void {
    this.closed = true;
  }

  /** Drops every database this run made (their servers have stopped; FORCE ends any straggling session). */
  async dropAll(): Promise<void> {
    this.stopCreating();
    await Promise.allSettled([...this.pending]);
    if (this.created.size === 0) return;
    const names = [...this.created];
    this.created.clear();
    await this.admin(async (client) => {
      for (const name of names) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }

  private async admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: this.baseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
