import type { EmailCheck } from '../net/email-check.js';
import type { AnyDb } from '../db/database.js';
import type { JobHandler, JobStepHandler, WorkOptions } from '../jobs/job-service.js';
import type { FireInput, FireResult } from '../notifications/touchpoint-registry.js';
import type { WorkScope } from '../notifications/work-scope.js';
import type { OptionKey, OptionValue } from '../options/options-service.js';
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
  /** Where payment providers' APIs are reached when not at their public address (STRIPE_API_URL, RAZORPAY_API_URL, PAYPAL_API_URL: local doubles, stripe-mock). */
  readonly paymentApis: { readonly stripe?: string; readonly razorpay?: string; readonly paypal?: string };
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

/**
 * The unit of work a service call joins: the caller's transaction (`db`, tenancy already set for
 * `accountId`), the account's effective features and a way to run tasks once it has committed.
 * A route builds one from `request.ctx`; `ctx.inAccount` work builds one from its scope.
 */
export type PluginWorkScope = WorkScope;

/** What reads need: the caller's transaction in the account. A WorkScope is one. */
export interface PluginDbScope {
  readonly db: AnyDb;
  readonly accountId: string;
}

/** Touchpoints (SPEC §7): declared in the manifest (`touchpoints`), fired here. */
export interface PluginTouchpoints {
  /**
   * Fires one touchpoint for one member inside the caller's transaction: what the account's
   * `touchpoints` option enables happens (a notification row now, an email through the outbox
   * once the transaction has committed). Throws for a key no manifest declares.
   */
  fire(scope: PluginWorkScope, key: string, input: FireInput): Promise<FireResult>;
}

/** One message for the outbox. */
export interface PluginMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string | null;
  /** The purpose kept with the message (SPEC §7 `type`), e.g. a plugin key. */
  type?: string | null;
  /**
   * The person's own unsubscribe address (https or the site's http address) for mail sent to a list
   * of people: sent as the List-Unsubscribe header, so mail programs offer their unsubscribe button.
   */
  unsubscribeUrl?: string | null;
}

/** Mail sent for an account through its outbox (counted in its monthly allowance, kept for the admin, retried by jobs). */
export interface PluginMailer {
  /**
   * Queues the message once the caller's transaction has committed (rolled back, nothing is sent),
   * like touchpoint mail. Over the account's monthly allowance it is refused then, and logged.
   */
  send(scope: PluginWorkScope, message: PluginMail): Promise<void>;
  /**
   * Queues many messages for an account now, in a transaction of their own (a job's batch): all or
   * none, the month's allowance must cover every one (else the kernel's `email_quota_exceeded`,
   * nothing recorded). Resolves to the outbox ids, in order.
   */
  sendMany(accountId: string, messages: readonly PluginMail[]): Promise<string[]>;
}

/** Files in an account's storage buckets, with the checks of an upload (type, size, quota); each call is its own transaction. */
export interface PluginStorage {
  /** Stores (or replaces) a file; resolves to its object id and its `bucket/path` key. */
  put(
    accountId: string,
    bucket: string,
    path: string,
    bytes: Buffer,
    options?: { owner?: string | null; cacheControl?: string },
  ): Promise<{ id: string; key: string }>;
  /** A file's bytes, or null when there is none. */
  get(accountId: string, bucket: string, path: string): Promise<Buffer | null>;
  /**
   * Stores a new file in a route's own transaction (`request.ctx`): checked as an upload is (type
   * by content, the bucket's limits, the plan's quota; refusals are the storage API's 4xx errors),
   * committed with the route's other writes and removed again if they roll back. A path that holds
   * a file already is refused (`Duplicate`). The bucket `private` is for files only the site's
   * managers may read (through /storage/v1, e.g. a form's uploads).
   */
  putIn(
    scope: PluginStorageScope,
    bucket: string,
    path: string,
    bytes: Buffer,
    options?: { owner?: string | null; contentType?: string },
  ): Promise<{ id: string; key: string }>;
}

/** A route's unit of work as storage needs it: `request.ctx` is one. */
export interface PluginStorageScope {
  readonly db: AnyDb;
  readonly account: { readonly id: string; readonly plan: string };
  afterCommit(task: () => void | Promise<void>): void;
  afterSettled(task: () => void | Promise<void>): void;
}

/** Server pushes to the browsers on an account's realtime channels. */
export interface PluginRealtime {
  /** Sends an event to everyone on one of the account's channels now (call it after commit for data the push announces). */
  broadcast(accountId: string, channel: string, event: string, payload: Record<string, unknown>, options?: { private?: boolean }): Promise<void>;
}

/** Per-member settings (SPEC §3 member meta), through the caller's transaction. */
export interface PluginMemberMeta {
  get(scope: PluginDbScope, userId: string, keys: readonly string[]): Promise<Map<string, unknown>>;
  set(scope: PluginDbScope, userId: string, key: string, value: unknown): Promise<void>;
  remove(scope: PluginDbScope, userId: string, key: string): Promise<void>;
}

/**
 * An account's options outside a request (jobs, automations, inAccount work); routes keep using
 * `request.ctx.options`. Reads share their cache (a key the scope's transaction wrote is read back
 * uncached, so nothing uncommitted is cached); writes purge every instance's cache once the caller has committed.
 */
export interface PluginOptions {
  get<K extends OptionKey>(scope: PluginDbScope, key: K): Promise<OptionValue<K> | undefined>;
  get<K extends OptionKey>(scope: PluginDbScope, key: K, fallback: OptionValue<K>): Promise<OptionValue<K>>;
  set<K extends OptionKey>(scope: PluginWorkScope, key: K, value: OptionValue<K>): Promise<void>;
  delete(scope: PluginWorkScope, key: OptionKey): Promise<void>;
}

/**
 * Server-side requests to addresses users give (webhooks, imports) and checks of e-mail addresses:
 * the kernel's outbound guard and DNS resolver, the only way a plugin reaches the network for a user.
 */
export interface PluginNet {
  /** fetch() through the outbound guard: a non-public address is refused (400 address_not_allowed) before any connection. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /** The checks that need no DNS query, for saving an address a user gives (a webhook's URL). */
  screen(url: string | URL): Promise<void>;
  /** Whether mail can reach an address: SPEC §5's format, then its domain's mail servers. */
  checkEmail(address: string): Promise<EmailCheck>;
  /** The address in SPEC §5's format as mail goes to it (trimmed, domain lower-cased), or null; no DNS query. */
  normalEmail(address: string): string | null;
}
