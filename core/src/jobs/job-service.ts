import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { AnyDb, Database } from '../db/database.js';
import { quoteIdent } from '../db/roles.js';
import type { AccountScope } from '../plugins/contract.js';
import type { Account } from '../tenancy/account.js';

/** The schema pg-boss keeps its tables in; created by pg-boss itself, outside `public` (and its tenancy check). */
export const JOBS_SCHEMA = 'pgboss';

/** Queue and job options: retries with (optionally exponential) backoff, delays, expiry. */
export interface JobOptions {
  /** How many times a failed job is tried again (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5); an integer. */
  retryDelay?: number;
  /** Double the delay on each retry, with jitter (default true). */
  retryBackoff?: boolean;
  /** Start no earlier than this (a date, or seconds from now). */
  startAfter?: Date | number;
  /** A handler running longer than this fails (default 15 minutes). */
  expireInSeconds?: number;
  /** Gives the job this id (enqueueing the same id twice adds it once). */
  id?: string;
  priority?: number;
  /**
   * Queue through this connection instead of the job pool: inside a request on the embedded
   * database pass `ctx.withSystem` 's db (the request's own connection, which PGlite is serving;
   * the job pool would wait behind the request's transaction), or queue after commit.
   */
  db?: AnyDb;
}

export interface JobInfo {
  id: string;
  name: string;
  retryCount: number;
  retryLimit: number;
}

interface BaseJobContext<T> {
  /** The account the job was enqueued for; null for platform jobs. */
  accountId: string | null;
  /** The account, when there is one. */
  account: Account | null;
  data: T;
  job: JobInfo;
  /** True on the job's last try: throwing now marks it failed for good. */
  lastAttempt: boolean;
}

/** What a handler gets: the job and a transaction in its account's tenancy (row-level security on). */
export interface JobContext<T> extends BaseJobContext<T> {
  db: AnyDb;
}

/**
 * What a step handler gets (work(…, { transaction: false })): no transaction held while it runs
 * (e.g. while talking to an SMTP server); `run` opens short ones in the job's account scope.
 */
export interface JobStepContext<T> extends BaseJobContext<T> {
  run<R>(work: (db: AnyDb) => Promise<R>): Promise<R>;
}

export type JobHandler<T> = (ctx: JobContext<T>) => Promise<unknown>;
export type JobStepHandler<T> = (ctx: JobStepContext<T>) => Promise<unknown>;

export interface WorkOptions {
  /** Jobs of this queue handled at once by this instance (default 1). */
  concurrency?: number;
  /** How often an idle worker looks for jobs (default 2 s, at least 0.5 s). */
  pollingIntervalSeconds?: number;
}

/** A job as the super-admin's job list shows it. */
export interface JobRecord {
  id: string;
  name: string;
  state: string;
  retry_count: number;
  retry_limit: number;
  last_error: string | null;
  account_id: string | null;
  created_at: string;
  completed_at: string | null;
}

/** A cron as the super-admin's list shows it, with its latest run. */
export interface ScheduleRecord {
  name: string;
  cron: string;
  timezone: string;
  account_id: string | null;
  created_at: string;
  last_run: { id: string; state: string; created_at: string; started_at: string | null; completed_at: string | null } | null;
}

interface ScheduleRow {
  name: string;
  cron: string;
  timezone: string;
  account_id: string | null;
  created_at: unknown;
  run_id: string | null;
  run_state: string | null;
  run_created_at: unknown;
  run_started_at: unknown;
  run_completed_at: unknown;
}

/** What is stored as a pg-boss job's data: the account travels with every job. */
interface Envelope<T> {
  accountId: string | null;
  data: T;
}

export interface JobServiceDependencies {
  database: Database;
  log: FastifyBaseLogger;
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
}

export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

const DEFAULT_RETRY = { retryLimit: 3, retryDelay: 5, retryBackoff: true } as const;
const QUEUE_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Background jobs and crons on pg-boss in the kernel's own database (schema `pgboss`). Every job
 * carries its account id, and handlers run inside that account's tenancy like a request does.
 * Jobs are rows, so they survive restarts; any instance's workers may take them.
 */
export class JobService {
  private readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers: QueueWorker[] = [];
  /** Crons declared before start (plugins' jobs phase), set by start() after the workers' queues. */
  private readonly declaredSchedules: Array<() => Promise<void>> = [];
  private stopped = false;
  private started = false;
  private readonly ready: Promise<void>;
  private markReady!: () => void;

  constructor(private readonly deps: JobServiceDependencies) {
    const embedded = deps.database.kind === 'embedded';
    this.boss = new PgBoss({
      ...deps.database.connection,
      // PGlite serves one backend over its socket: a small pool, and gentle maintenance.
      max: embedded ? 2 : 10,
      schema: JOBS_SCHEMA,
      application_name: 'lectern-jobs',
      supervise: true,
      schedule: true,
      migrate: true,
      maintenanceIntervalSeconds: embedded ? 120 : 60,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error: Error) => deps.log.error({ err: error }, 'job queue error'));
    this.ready = new Promise((resolve) => (this.markReady = resolve));
  }

  /** Creates (or upgrades) the pgboss schema and starts maintenance and the cron clock. */
  async start(): Promise<void> {
    if (this.stopped) throw new Error('the job service is stopped');
    await this.boss.start();
    this.started = true;
    // The application role never reaches the job tables, whatever defaults the server has.
    const owner = this.deps.database.owner;
    const schema = quoteIdent(JOBS_SCHEMA);
    const role = quoteIdent(this.deps.database.appRole);
    await sql
      .raw(
        `REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC, ${role};
         REVOKE ALL ON ALL TABLES IN SCHEMA ${schema} FROM PUBLIC, ${role};
         REVOKE ALL ON ALL FUNCTIONS IN SCHEMA ${schema} FROM PUBLIC, ${role}`,
      )
      .execute(owner);
    this.markReady();
    for (const worker of this.workers) {
      await this.queue(worker.name);
      worker.start();
    }
    // One at a time, like the queues above: pg-boss creating two queues at once can deadlock.
    for (const declare of this.declaredSchedules.splice(0)) await declare();
  }

  /** Makes sure a queue exists, with its default retry policy. */
  async queue(name: string, options: Pick<JobOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'expireInSeconds' | 'db'> = {}): Promise<void> {
    if (!QUEUE_NAME.test(name)) throw new Error(`invalid job name "${name}" (letters, digits, _ . - only)`);
    await this.ready;
    let created = this.queues.get(name);
    if (created === undefined) {
      const { db, ...queueOptions } = options;
      const settings = { policy: 'standard', ...DEFAULT_RETRY, ...queueOptions };
      created =
        db === undefined
          ? this.boss.createQueue(name, { name, ...settings } as PgBoss.Queue)
          : sql`SELECT ${sql.raw(JOBS_SCHEMA)}.create_queue(${name}, ${JSON.stringify(settings)}::json)`.execute(db).then(() => undefined);
      this.queues.set(name, created);
      created.catch(() => this.queues.delete(name));
    }
    await created;
  }

  /** Queues a job for an account (or the platform, with null). Resolves to its id (null when the id was already queued). */
  async enqueue<T>(accountId: string | null, name: string, data: T, options: JobOptions = {}): Promise<string | null> {
    const { startAfter, db, ...rest } = options;
    await this.queue(name, { db });
    const envelope: Envelope<T> = { accountId, data };
    const send: PgBoss.SendOptions & { db?: unknown } = { ...DEFAULT_RETRY, ...rest };
    if (db !== undefined) send.db = poolFor(db);
    if (startAfter !== undefined) send.startAfter = startAfter;
    const id = await this.boss.send(name, envelope as object, send);
    if (startAfter === undefined) this.wake(name);
    return id;
  }

  /**
   * Queues many jobs of one queue in one statement, for one account (or each for its own, with
   * `accountId` per job); `id` per job makes re-queueing a no-op.
   */
  async enqueueMany<T>(
    accountId: string | null,
    name: string,
    items: Array<{ data: T; id?: string; accountId?: string | null }>,
    options: Omit<JobOptions, 'id' | 'startAfter'> = {},
  ): Promise<void> {
    if (items.length === 0) return;
    await this.queue(name);
    const jobs = items.map((item) => ({
      name,
      ...(item.id === undefined ? {} : { id: item.id }),
      data: { accountId: item.accountId === undefined ? accountId : item.accountId, data: item.data } satisfies Envelope<T>,
      ...DEFAULT_RETRY,
      ...options,
    }));
    await this.boss.insert(jobs as PgBoss.JobInsert[]);
    this.wake(name);
  }

  /** Handles a queue's jobs, each inside a transaction in its account's tenancy; throwing retries it. */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions & { transaction?: true }): Promise<void>;
  /** Handles a queue's jobs without holding a transaction; the handler opens short ones with `run`. */
  work<T>(name: string, handler: JobStepHandler<T>, options: WorkOptions & { transaction: false }): Promise<void>;
  async work<T>(name: string, handler: JobHandler<T> | JobStepHandler<T>, options: WorkOptions & { transaction?: boolean } = {}): Promise<void> {
    if (this.stopped) throw new Error('the job service is stopped');
    if (!QUEUE_NAME.test(name)) throw new Error(`invalid job name "${name}" (letters, digits, _ . - only)`);
    const worker = new QueueWorker(name, Math.max(1, options.concurrency ?? 1), Math.max(0.5, options.pollingIntervalSeconds ?? 2) * 1000, {
      fetch: (batchSize) => this.boss.fetch<Envelope<T>>(name, { batchSize, includeMetadata: true }),
      process: async (job) => {
        try {
          await this.runJob(job as PgBoss.JobWithMetadata<Envelope<T>>, handler, options.transaction !== false);
        } catch (error) {
          this.deps.log.warn({ err: error, job: { id: job.id, name, retryCount: job.retryCount } }, 'job failed');
          await this.boss.fail(name, job.id, error instanceof Error ? error : { message: String(error) });
          return;
        }
        await this.boss.complete(name, job.id);
      },
      error: (error) => this.deps.log.error({ err: error, queue: name }, 'job worker error'),
    });
    this.workers.push(worker);
    // Declared before start (plugins' register): the worker starts with the service.
    if (this.started) {
      await this.queue(name);
      worker.start();
    }
  }

  /** Wakes this instance's idle workers of a queue (called after enqueueing, so local jobs start at once). */
  private wake(name: string): void {
    for (const worker of this.workers) if (worker.name === name) worker.wake();
  }

  /** Runs a job on a cron schedule (UTC), one schedule per name; data goes to the handler. Declared before start, it is set when the service starts. */
  async schedule<T>(name: string, cron: string, data: T, options: { accountId?: string | null; tz?: string } & JobOptions = {}): Promise<void> {
    if (!this.started) {
      // Declared before start (a plugin's jobs phase): set once the service starts.
      this.declaredSchedules.push(() => this.schedule(name, cron, data, options));
      return;
    }
    await this.queue(name);
    const { accountId = null, tz = 'UTC', startAfter: _ignored, db: _db, ...rest } = options;
    const envelope: Envelope<T> = { accountId, data };
    await this.boss.schedule(name, cron, envelope as object, { tz, ...DEFAULT_RETRY, ...rest });
  }

  async unschedule(name: string): Promise<void> {
    await this.boss.unschedule(name);
  }

  /** The crons (pg-boss schedules) with each one's latest job, live or archived, for the super-admin. */
  async schedules(db: AnyDb = this.deps.database.owner): Promise<ScheduleRecord[]> {
    const schema = sql.raw(JOBS_SCHEMA);
    const { rows } = await sql<ScheduleRow>`
      SELECT s.name, s.cron, coalesce(s.timezone, 'UTC') AS timezone, s.data->>'accountId' AS account_id, s.created_on AS created_at,
             j.id::text AS run_id, j.state::text AS run_state, j.created_on AS run_created_at, j.started_on AS run_started_at, j.completed_on AS run_completed_at
        FROM ${schema}.schedule s
        LEFT JOIN LATERAL (
          SELECT id, state, created_on, started_on, completed_on FROM ${schema}.job WHERE name = s.name
          UNION ALL
          SELECT id, state, created_on, started_on, completed_on FROM ${schema}.archive WHERE name = s.name
          ORDER BY created_on DESC LIMIT 1
        ) j ON true
       ORDER BY s.name`.execute(db);
    const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null ? null : new Date(String(value)).toISOString());
    return rows.map((row) => ({
      name: row.name,
      cron: row.cron,
      timezone: row.timezone,
      account_id: row.account_id,
      created_at: iso(row.created_at) as string,
      last_run:
        row.run_id === null
          ? null
          : {
              id: row.run_id,
              state: row.run_state as string,
              created_at: iso(row.run_created_at) as string,
              started_at: iso(row.run_started_at),
              completed_at: iso(row.run_completed_at),
            },
    }));
  }

  /** Queues a cron's job now, with its scheduled data and account. Null when there is no such cron. */
  async runScheduleNow(name: string, db: AnyDb = this.deps.database.owner): Promise<string | null> {
    const { rows } = await sql<{ data: Envelope<unknown> | null }>`SELECT data FROM ${sql.raw(JOBS_SCHEMA)}.schedule WHERE name = ${name}`.execute(db);
    const schedule = rows[0];
    if (schedule === undefined) return null;
    const envelope = schedule.data ?? { accountId: null, data: null };
    return this.enqueue(envelope.accountId ?? null, name, envelope.data, { db });
  }

  /** Jobs for the super-admin's list, newest first, optionally of one state. */
  async list(
    filter: { state?: string; name?: string; limit: number; offset: number },
    db: AnyDb = this.deps.database.owner,
  ): Promise<{ jobs: JobRecord[]; total: number }> {
    const where = [sql`name NOT LIKE '\\_\\_pgboss%'`];
    if (filter.state !== undefined) where.push(sql`state = ${filter.state}::${sql.raw(JOBS_SCHEMA)}.job_state`);
    if (filter.name !== undefined) where.push(sql`name = ${filter.name}`);
    const condition = sql.join(where, sql` AND `);
    const { rows } = await sql<JobRecord>`
      SELECT id::text, name, state::text, retry_count, retry_limit,
             coalesce(output->>'message', output->>'value') AS last_error,
             data->>'accountId' AS account_id, created_on AS created_at, completed_on AS completed_at
        FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE ${condition}
       ORDER BY created_on DESC, id LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE ${condition}`.execute(db);
    return { jobs: rows.map(normalise), total: count.rows[0]?.n ?? 0 };
  }

  async find(id: string, db: AnyDb = this.deps.database.owner): Promise<JobRecord | null> {
    const { rows } = await sql<JobRecord>`
      SELECT id::text, name, state::text, retry_count, retry_limit,
             coalesce(output->>'message', output->>'value') AS last_error,
             data->>'accountId' AS account_id, created_on AS created_at, completed_on AS completed_at
        FROM ${sql.raw(JOBS_SCHEMA)}.job WHERE id = ${id}::uuid`.execute(db);
    return rows[0] === undefined ? null : normalise(rows[0]);
  }

  /** Sends a failed job back to its queue for one more try. False when it is not (or no longer) failed. */
  async retry(id: string, db: AnyDb = this.deps.database.owner): Promise<boolean> {
    // pg-boss's own retry(), through the given connection (a request's, see JobOptions.db).
    const { rows } = await sql<{ id: string; name: string }>`
      UPDATE ${sql.raw(JOBS_SCHEMA)}.job SET state = 'retry', retry_limit = retry_limit + 1, start_after = now()
       WHERE id = ${id}::uuid AND state = 'failed' RETURNING id, name`.execute(db);
    const job = rows[0];
    if (job === undefined) return false;
    this.wake(job.name);
    return true;
  }

  /**
   * Stops taking jobs, waits up to `timeoutMs` for running handlers, then closes the pool. Jobs
   * still running then are failed by pg-boss and retried later (by this or another instance).
   */
  async stop(timeoutMs = 5000): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (!this.started) {
      await this.boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
      return;
    }
    const stopping = Promise.allSettled(this.workers.map((w) => w.stop()));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([stopping, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    // Handlers still running: give their jobs back (failed now, retried later by any instance).
    for (const worker of this.workers) {
      for (const id of worker.activeIds()) {
        await this.boss.fail(worker.name, id, { message: 'the instance shut down while the job ran' }).catch(() => undefined);
      }
    }
    await this.boss.stop({ graceful: false, wait: true, close: true });
  }

  private async runJob<T>(job: PgBoss.JobWithMetadata<Envelope<T>>, handler: JobHandler<T> | JobStepHandler<T>, transaction: boolean): Promise<void> {
    const envelope = (job.data ?? { accountId: null, data: undefined }) as Envelope<T>;
    const accountId = envelope.accountId ?? null;
    const base = {
      accountId,
      data: envelope.data,
      job: { id: job.id, name: job.name, retryCount: job.retryCount, retryLimit: job.retryLimit },
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    const inScope = <R>(work: (db: AnyDb, account: Account | null) => Promise<R>): Promise<R> =>
      accountId === null
        ? this.deps.withSystem(`job ${job.name}`, (owner) => owner.transaction().execute((tx) => work(tx, null)))
        : this.deps.inAccount(accountId, (scope) => work(scope.db, scope.account));
    if (transaction) {
      await inScope((db, account) => (handler as JobHandler<T>)({ ...base, account, db }));
      return;
    }
    let account: Account | null = null;
    if (accountId !== null) account = await this.deps.inAccount(accountId, async (scope) => scope.account);
    await (handler as JobStepHandler<T>)({ ...base, account, run: (work) => inScope((db) => work(db)) });
  }
}

interface WorkerHooks {
  fetch(batchSize: number): Promise<PgBoss.JobWithMetadata<unknown>[]>;
  process(job: PgBoss.JobWithMetadata<unknown>): Promise<void>;
  error(error: unknown): void;
}

/**
 * One queue's polling loop: fetches up to `concurrency` jobs (SKIP LOCKED, so instances never
 * take the same job), runs them side by side and completes or fails each on its own, fetches
 * again at once while there is work, and sleeps `intervalMs` (or until woken) when idle.
 */
class QueueWorker {
  private stopping = false;
  private loop: Promise<void> | undefined;
  private sleeper: { timer: NodeJS.Timeout; resolve: () => void } | undefined;
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    readonly name: string,
    private readonly concurrency: number,
    private readonly intervalMs: number,
    private readonly hooks: WorkerHooks,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  wake(): void {
    const sleeper = this.sleeper;
    if (sleeper === undefined) return;
    clearTimeout(sleeper.timer);
    this.sleeper = undefined;
    sleeper.resolve();
  }

  activeIds(): string[] {
    return [...this.running.keys()];
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let jobs: PgBoss.JobWithMetadata<unknown>[] = [];
      try {
        jobs = await this.hooks.fetch(this.concurrency);
      } catch (error) {
        this.hooks.error(error);
      }
      if (jobs.length > 0) {
        await Promise.all(
          jobs.map(async (job) => {
            const done = this.hooks.process(job).catch((error: unknown) => this.hooks.error(error));
            this.running.set(job.id, done);
            try {
              await done;
            } finally {
              this.running.delete(job.id);
            }
          }),
        );
        continue;
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        this.sleeper = {
          timer: setTimeout(() => {
            this.sleeper = undefined;
            resolve();
          }, this.intervalMs),
          resolve,
        };
      });
    }
  }
}

/** pg-boss's connection interface over a Kysely connection (a transaction, or the request's). */
function poolFor(db: AnyDb): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const result = await db.executeQuery(CompiledQuery.raw(text, values));
      return { rows: result.rows as unknown[] };
    },
  };
}

function normalise(row: JobRecord): JobRecord {
  const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value === null ? null : String(value));
  return { ...row, created_at: iso(row.created_at) as string, completed_at: iso(row.completed_at) };
}
