import type { AnyDb } from '../db/database.js';
import type { JobHandler, JobStepHandler, WorkOptions } from '../jobs/job-service.js';
import type { Account } from '../tenancy/account.js';

/**
 * The narrow services a plugin's context offers (Plugin API v1, DESIGN §2a). Each is an interface
 * written for plugins; the kernel's classes stand behind them and are never handed out.
 */

/** How a plugin queues one job. */
export interface PluginJobOptions {
  /** A key the job's id is derived from: enqueueing the same key twice (per queue) adds the job once. */
  key?: string;
  /** The job's id itself (a uuid, e.g. the row the job is about); prefer `key`. */
  id?: string;
  /** Start no earlier than this (a date, or seconds from now). */
  startAfter?: Date | number;
  /** How many times a failed job is tried again (default 3). */
  retryLimit?: number;
  /** Seconds before a retry (default 5). */
  retryDelay?: number;
  /** Queue through this connection (a request's transaction on the embedded database); else queue after commit. */
  db?: AnyDb;
}

/**
 * Background jobs of a plugin. Workers and crons are declared in the plugin's `jobs(ctx)` phase
 * (after register, before routes); `enqueue` may be called from anywhere afterwards. Handlers run
 * in the job's account tenancy, like a request.
 */
export interface PluginJobs {
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions & { transaction?: true }): Promise<void>;
  /** A step handler: no transaction held while it runs; `run` opens short ones in the job's account. */
  work<T>(queue: string, handler: JobStepHandler<T>, options: WorkOptions & { transaction: false }): Promise<void>;
  /** Runs the queue on a cron schedule (UTC by default); one schedule per queue name. */
  schedule<T>(queue: string, cron: string, data: T, options?: { accountId?: string | null; tz?: string }): Promise<void>;
  /** Queues a job for an account (null: a platform job); resolves to its id, or null when the key was already queued. */
  enqueue<T>(accountId: string | null, queue: string, data: T, options?: PluginJobOptions): Promise<string | null>;
}

/** The shared renders of signed-out pages; purges reach every instance. */
export interface PluginPageCache {
  /** Drops every cached render of the account's site. */
  purgeAccount(accountId: string): Promise<void>;
  /** Drops the renders of one path (all its variants and paging). */
  purgePath(accountId: string, path: string): Promise<void>;
}

/** The part of the kernel's configuration plugins may read. */
export interface PluginPublicConfig {
  readonly platformDomain: string;
  readonly publicScheme: 'http' | 'https';
  /** The port the server listens on (development addresses print it). */
  readonly port: number;
}

export interface AddressConfig {
  publicScheme: 'http' | 'https';
  platformDomain: string;
  port: number;
}

/** A site's address outside a request (jobs, automations): its custom domain, else its platform host. */
export function accountOrigin(config: AddressConfig, account: Pick<Account, 'slug' | 'customDomain'> & { isPlatform?: boolean }): string {
  // The platform account's own site is the platform domain itself.
  const host = account.isPlatform === true ? config.platformDomain : (account.customDomain ?? `${account.slug}.${config.platformDomain}`);
  const defaultPort = config.publicScheme === 'https' ? 443 : 80;
  // A development server prints its port (demo.localhost:3000); production sits behind a proxy on the default one.
  const port = config.publicScheme === 'http' && config.port !== defaultPort ? `:${config.port}` : '';
  return `${config.publicScheme}://${host}${port}`;
}
