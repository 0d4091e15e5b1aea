import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { TypedApp } from '../http/typed-app.js';
import type { Token } from '../container/tokens.js';
import type { PluginLimits } from '../plans/plugin-limits.js';
import type { AnyDb } from '../db/database.js';
import type { MigrationMap } from '../db/migrator.js';
import type { ActionHandler, ActionHooks, FilterHandler, FilterHooks, HookOptions, HookScope } from '../hooks/hook-bus.js';
import type { Account } from '../tenancy/account.js';
import type { PluginManifest } from './manifest.js';
import type { PluginAutomation } from '../automation/declarations.js';
import type { PluginSite } from '../site-render/contract.js';
import type { PluginTranslate } from './plugin-text.js';
import type {
  PluginJobs,
  PluginMailer,
  PluginMemberMeta,
  PluginNet,
  PluginOptions,
  PluginPageCache,
  PluginPublicConfig,
  PluginRealtime,
  PluginStorage,
  PluginTouchpoints,
} from './services.js';

export type {
  PluginJobOptions,
  PluginDbScope,
  PluginJobs,
  PluginMail,
  PluginMailer,
  PluginMemberMeta,
  PluginNet,
  PluginOptions,
  PluginPageCache,
  PluginPublicConfig,
  PluginRealtime,
  PluginStorage,
  PluginStorageScope,
  PluginTouchpoints,
  PluginWorkScope,
} from './services.js';

/** Hooks as a plugin sees them: its handlers are tagged with the plugin, so feature gating applies. */
type ActionPayload<K> = K extends keyof ActionHooks ? ActionHooks[K] : unknown;
type FilterValue<K> = K extends keyof FilterHooks ? FilterHooks[K] : unknown;

export interface PluginHooks {
  addAction<K extends string>(name: K, handler: ActionHandler<ActionPayload<K>>, options?: Omit<HookOptions, 'plugin'>): () => void;
  addFilter<K extends string>(name: K, handler: FilterHandler<FilterValue<K>>, options?: Omit<HookOptions, 'plugin'>): () => void;
  doAction<K extends string>(name: K, payload: ActionPayload<K>, scope: HookScope): Promise<void>;
  applyFilters<K extends string>(name: K, value: FilterValue<K>, scope: HookScope): Promise<FilterValue<K>>;
}

/**
 * The Fastify instance a plugin's routes are declared on (mounted under /api/<plugin name>). Its type
 * provider is TypeBox: a route whose schemas are TypeBox types gets its body, params, querystring and
 * reply types from them, so a route's types are written once, in its schema.
 */
export type PluginApp = TypedApp;

/** A request to a plugin's route (`request.ctx` is its tenancy); the kernel's services come through the PluginContext. */
export type PluginRequest = FastifyRequest;

/** A unit of work inside one account's tenancy, outside an HTTP request (seeds, jobs, upgrades). */
export interface AccountScope {
  account: Account;
  /** A transaction with the account set locally: row-level security applies. */
  db: AnyDb;
  hookScope: HookScope;
}

export interface PluginContext {
  readonly name: string;
  readonly manifest: PluginManifest;
  readonly log: FastifyBaseLogger;
  readonly hooks: PluginHooks;
  readonly platformDomain: string;
  /** The configuration plugins may read (addresses); nothing secret. */
  readonly config: PluginPublicConfig;
  /** Background jobs: declare workers and crons in the `jobs` phase, enqueue anywhere after. */
  readonly jobs: PluginJobs;
  /** Purges of the shared signed-out page renders. */
  readonly pageCache: PluginPageCache;
  /** Fires the touchpoints manifests declare (a notification and/or an email, as the account enables them). */
  readonly touchpoints: PluginTouchpoints;
  /** Sends mail for an account through its outbox, in the caller's transaction. */
  readonly mail: PluginMailer;
  /** Files in an account's storage buckets. */
  readonly storage: PluginStorage;
  /** Server pushes on an account's realtime channels. */
  readonly realtime: PluginRealtime;
  /** Per-member settings (member meta) through the caller's transaction. */
  readonly memberMeta: PluginMemberMeta;
  /** An account's options outside a request (routes use request.ctx.options). */
  readonly options: PluginOptions;
  /** The plan's limits where the plugin's work happens: things held (groups, funnels) and monthly allowances (chats, AI tokens). */
  readonly limits: PluginLimits;
  /** Requests to addresses users give, through the outbound guard, and e-mail address checks (format and mail servers). */
  readonly net: PluginNet;
  /** The site's address (scheme, host, port) the request came to, from the account it resolved to, never a raw Host header. */
  siteUrl(request: PluginRequest): string;
  /** The site's address outside a request (jobs, automations): its custom domain, else its platform host. */
  accountOrigin(account: Pick<Account, 'slug' | 'customDomain'>): string;
  /** Offers a service to other plugins (and to this plugin's routes) under a token. */
  provide<T>(token: Token<T>, value: T): void;
  /** Gets a service another plugin (or the kernel) provides; throws when none does. */
  resolve<T>(token: Token<T>): T;
  /** Gets a service of an optional dependency: undefined when no installed plugin provides it. */
  resolveOptional<T>(token: Token<T>): T | undefined;
  /** Runs work inside an account's tenancy, in its own transaction. */
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  /** Leaves tenancy for one logged purpose; prefer inAccount. */
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
  /** True when the plugin's feature is on for the account (always true for plugins without one). */
  isEnabledFor(account: Account): boolean;
  /** Automations: give code to the conditions and actions the manifest declares (in register()), raise its triggers. */
  readonly automation: PluginAutomation;
  /**
   * The plugin's words in a language (PluginDefinition.locales): `ctx.text(account language)('key')`
   * for what the server writes (mails, PDFs, titles). Site views and loaders get theirs as `t`.
   */
  text(language: string, namespace?: string): PluginTranslate;
}

export interface DemoUsers {
  superAdmin: string;
  owner: string;
  instructor: string;
  student: string;
}

/** What a plugin's seed gets when the demo is created: the demo accounts and users, by id. */
export interface SeedContext extends PluginContext {
  platformAccountId: string;
  demoAccountId: string;
  users: DemoUsers;
}

/**
 * A plugin: its manifest (pure data) plus optional entry points, each called once in this order:
 * register (declare services and hooks; no I/O) → jobs (declare workers and crons) → routes
 * (mounted under /api/<name>) → bootstrap → destroy on close (reverse order).
 */
export interface PluginDefinition {
  manifest: PluginManifest;
  migrations?: MigrationMap;
  register?(ctx: PluginContext): void | Promise<void>;
  /** Declares the plugin's job workers and crons (ctx.jobs); services from register are resolvable. */
  jobs?(ctx: PluginContext): void | Promise<void>;
  routes?(app: PluginApp, ctx: PluginContext): void | Promise<void>;
  bootstrap?(ctx: PluginContext): void | Promise<void>;
  destroy?(ctx: PluginContext): void | Promise<void>;
  /** The plugin's theme part: public pages (routes + the views that draw them) and Puck blocks. */
  site?: PluginSite;
  /**
   * The plugin's catalogue folder, `<language>/<namespace>.json` in i18next's JSON (nested keys,
   * `{{name}}` placeholders, `_one`/`_other` plurals): the folder its package.json names as
   * `lectern.locales`, e.g. `new URL('../locales/', import.meta.url)`. The server's views and mails
   * read it through `t`/`ctx.text`; the admin and the site islands load the same files.
   */
  locales?: URL | string;
  /** Adds demo data when the demo is seeded. */
  seed?(ctx: SeedContext): Promise<void>;
  /** Per-account setup when an owner switches the plugin on; idempotent. */
  upgradeAccount?(scope: AccountScope, fromVersion: string | null): Promise<void>;
  /**
   * Starting content for a site just created (a sign-up, or a super-admin's new account): called
   * once, after `upgradeAccount`, in the new site's tenancy and its own transaction, when the
   * plugin's feature is on. A school gets a sample course, a shop a sample product; a failure here
   * is logged and leaves the site as it is.
   */
  provisionAccount?(scope: AccountScope, site: ProvisionedSite): Promise<void>;
}

/** The site `provisionAccount` starts: what its owner said they do first, who they are, its name. */
export interface ProvisionedSite {
  template: 'school' | 'shop' | 'blog';
  ownerId: string;
  siteName: string;
}

/** Declares a plugin; validation happens when the kernel loads it. */
export function definePlugin(definition: PluginDefinition): PluginDefinition {
  return definition;
}
