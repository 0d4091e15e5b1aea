import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { container as rootContainer } from 'tsyringe';
import { AccountAdmin } from './accounts/account-admin.js';
import { raiseKernelTriggers } from './automation/kernel-triggers.js';
import { AutomationEngine, automationRoutes } from './automation/index.js';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import { AuthService } from './auth/auth-service.js';
import { authenticate } from './auth/authenticate.js';
import { authRoutes } from './auth/routes/index.js';
import { openCounterStore } from './auth/limits/counter-store.js';
import { authSettingsRoutes } from './auth/settings-routes.js';
import { SessionService } from './auth/session-service.js';
import { TokenService } from './auth/tokens.js';
import { Mailer, RecordingSmsProvider, type SmsProvider } from './mail/mailer.js';
import type { MailSender } from './mail/mail-sender.js';
import { createJobsAndMail, jobsAndMailRoutes, type JobService, type OutboxMailer } from './jobs/index.js';
import { createNotifications, notificationRoutes, type NotificationService, type TouchpointRegistry } from './notifications/index.js';
import { supportRoutes } from './support/index.js';
import { signupRoutes } from './signup/routes.js';
import { planAccountRoutes, planCheckoutRoutes } from './billing/checkout-route.js';
import { customerRoutes } from './billing/customers-routes.js';
import { PlatformBillingToken, type PlatformBilling } from './billing/contract.js';
import { scheduleBillingSweep, sweepBilling, type SweepOutcome } from './billing/lapse-sweep.js';
import { KernelPlatformBilling } from './billing/platform-billing.js';
import { AuthLimits } from './auth/limits/auth-limits.js';
import { updateRoutes } from './updates/index.js';
import { RealtimeService } from './realtime/realtime-service.js';
import { realtimeRoutes } from './realtime/realtime-routes.js';
import { createStorageService, type StorageService } from './storage/storage-service.js';
import { storageRoutes } from './storage/routes/index.js';
import { openBus, type MessageBus } from './cache/bus.js';
import type { KernelConfig } from './config/config.js';
import { Tokens } from './container/tokens.js';
import { openDatabase, type AnyDb, type Database } from './db/database.js';
import { kernelMigrations, kernelTables } from './db/migrations/index.js';
import { migratePackage } from './db/migrator.js';
import { syncGrants, verifyTenancy, type TableDeclarations } from './db/tenancy-check.js';
import { AppError, Errors } from './errors/errors.js';
import { answerFrameworkError, errorBodySchema, installErrorHandling } from './errors/handler.js';
import { HookBus } from './hooks/hook-bus.js';
import { registerOpenApi } from './http/openapi.js';
import { installRouteGuard } from './http/route-guard.js';
import { installJsonBodyParser } from './http/json-body.js';
import { installUrlGuard } from './http/url-guard.js';
import './http/route-config.js';
import { MemberDirectory } from './members/member-directory.js';
import { OptionsService } from './options/options-service.js';
import { PageCache, pageCacheRoutes, purgePagesOnContentChanges, type PageCacheOptions } from './page-cache/index.js';
import type { AccountScope, PluginDefinition } from './plugins/contract.js';
import { pluginLimits } from './plans/plugin-limits.js';
import { FeatureCatalogue } from './plugins/features.js';
import { PluginRegistry, preparePlugins } from './plugins/registry.js';
import {
  pluginJobs,
  pluginMailer,
  pluginMemberMeta,
  pluginOptions,
  pluginPageCache,
  pluginRealtime,
  pluginStorage,
  pluginTouchpoints,
} from './plugins/service-adapters.js';
import { accountOrigin } from './plugins/services.js';
import { addonRoutes } from './routes/addons.js';
import { dashboardDataRoutes } from './dashboard-data/index.js';
import { contentRoutes } from './content/index.js';
import { siteFeedRoutes } from './site-feeds/index.js';
import { siteRoutes, signoutRoute, type SiteThemes } from './site-render/index.js';
import { siteSearchRoutes } from './site-search/index.js';
import { siteImageRoutes } from './site-images/index.js';
import { platformRoutes } from './platform/index.js';
import { clientLogRoutes } from './routes/client-log.js';
import { healthRoutes } from './routes/health.js';
import { memberRoutes } from './members/routes/index.js';
import { siteConfigRoutes } from './routes/site-config.js';
import { siteSettingsRoutes } from './site-settings/index.js';
import { seedDemo, type DemoSummary } from './seed/demo.js';
import { dashboardRoutes } from './dashboard/index.js';
import { AccountDirectory } from './tenancy/account-directory.js';
import { RequestScope } from './tenancy/request-scope.js';
import { SystemAccess } from './tenancy/system-access.js';
import { runInTenantTransaction } from './tenancy/transaction.js';
import { KERNEL_VERSION } from './version.js';
import { AllowList, createResolver, OutboundGuard, type DnsResolver } from './net/index.js';
import { checkEmailAddress, normalEmailAddress } from './net/email-check.js';
import { verifyEmailRoutes } from './net/verify-email-route.js';

export interface KernelOptions {
  plugins?: PluginDefinition[];
  /** Keep the embedded database in memory (tests). */
  inMemoryDatabase?: boolean;
  /** Start the in-memory embedded database from this dump (tests share one migrated template). */
  embeddedTemplate?: Blob;
  /** Fastify logger options; false silences it. */
  logger?: FastifyServerOptions['logger'];
  /** Namespace for Redis channels, so several kernels sharing one Redis keep apart (tests). */
  busPrefix?: string;
  /** Text-message provider; the development one records messages. */
  sms?: SmsProvider;
  /** The admin SPA's build (default admin/dist beside core). */
  adminDist?: string;
  /** Page cache limits (the bench turns it off with maxEntries 0). */
  pageCache?: PageCacheOptions;
  /** Themes that draw the public sites (tenants, and the platform's own); none: no public pages. */
  themes?: SiteThemes;
  /** The DNS resolver (default: node:dns, asking DNS_SERVERS when set). */
  resolver?: DnsResolver;
  /** Told of every answered request's route (the route-wide security suite counts what it reached). */
  observeResponses?: (route: { method: string; url: string | undefined; statusCode: number }) => void;
}

/** The kernel's services, reachable from the app as `app.kernel`. */
export interface Kernel {
  readonly config: KernelConfig;
  readonly version: string;
  readonly database: Database;
  readonly bus: MessageBus;
  readonly hooks: HookBus;
  readonly options: OptionsService;
  /** Rendered signed-out pages per (account, path, variant); purges reach every instance through the bus. */
  readonly pageCache: PageCache;
  readonly accounts: AccountDirectory;
  readonly members: MemberDirectory;
  readonly admin: AccountAdmin;
  readonly tokens: TokenService;
  readonly plugins: PluginRegistry;
  readonly features: FeatureCatalogue;
  readonly auth: AuthService;
  readonly sessions: SessionService;
  readonly mailer: Mailer;
  readonly sms: SmsProvider;
  /** Supabase Realtime (broadcast and presence) at /realtime/v1; also pushes server events. */
  readonly realtime: RealtimeService;
  /** File storage: buckets and objects of every account (local disk or S3). */
  readonly storage: StorageService;
  /** Background jobs and crons (pg-boss, schema pgboss); handlers run in their job's account. */
  readonly jobs: JobService;
  /** Mail through the outbox and the jobs (MailSender); without SMTP_URL messages are kept for the admin. */
  /** Mail through the outbox and jobs: use this to send. */
  readonly mail: OutboxMailer;
  /** Member notifications and account alerts; fires 'notifications.created' after commit. */
  readonly notifications: NotificationService;
  /** The kernel's and plugins' touchpoints: email + notification per account settings. */
  readonly touchpoints: TouchpointRegistry;
  /** DNS lookups (custom-domain proofs, MX checks, outbound requests); KernelOptions.resolver or DNS_SERVERS. */
  readonly resolver: DnsResolver;
  /** Every server-side fetch of an address a user supplied goes through this (private addresses refused; OUTBOUND_ALLOW). */
  readonly outbound: OutboundGuard;
  /** Automations: declarations, events raised in their transaction, runs as jobs with traces. */
  readonly automation: AutomationEngine;
  /** Runs work inside an account's tenancy (row-level security on), in its own transaction. */
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  /** Leaves tenancy for one logged purpose. */
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>): Promise<T>;
  /** Creates the platform account and the demo tenant on an empty database. */
  seedDemo(): Promise<DemoSummary | null>;
  /** Platform billing: what the platform's shop reports, and the daily sweep of lapsed trials (run by hand in tests and operations). */
  billing: { service: PlatformBilling; sweep(now?: Date): Promise<SweepOutcome> };
}

declare module 'fastify' {
  interface FastifyInstance {
    kernel: Kernel;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Builds the platform: database (migrated and checked for tenancy), services, kernel routes and
 * every plugin, in that order. Resolves to the Fastify app, ready to listen; any failure closes
 * what was opened and rejects with a message saying what to fix.
 */
export async function createKernel(config: KernelConfig, options: KernelOptions = {}): Promise<FastifyInstance> {
  const plugins = preparePlugins(options.plugins ?? [], KERNEL_VERSION);
  const manifests = plugins.map((p) => p.manifest);

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers.apikey'],
    },
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
    bodyLimit: 1024 * 1024,
    // Unknown properties are refused (not silently dropped) where a schema says additionalProperties: false.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
  });
  installJsonBodyParser(app);
  installUrlGuard(app);

  let database: Database | undefined;
  let bus: MessageBus | undefined;
  let rateLimitRedis: Redis | undefined;
  try {
    database = await openDatabase(config, { inMemory: options.inMemoryDatabase, template: options.embeddedTemplate });
    const db = database;
    await migratePackage(db.owner, 'kernel', kernelMigrations);
    const declarations: TableDeclarations = { ...kernelTables };
    for (const plugin of plugins) {
      await migratePackage(db.owner, `plugin_${plugin.manifest.name}`, plugin.migrations ?? {});
      Object.assign(declarations, plugin.manifest.tables ?? {});
    }
    await verifyTenancy(db.owner, declarations);
    await syncGrants(db.owner, db.appRole, declarations);

    bus = await openBus(config.redisUrl, options.busPrefix);
    const features = new FeatureCatalogue(manifests);
    const accounts = new AccountDirectory(db.owner, bus, config.platformDomain, (row) => features.effective(row));
    const members = new MemberDirectory(bus);
    const optionsService = new OptionsService(bus);
    const pageCache = new PageCache(bus, options.pageCache);
    await Promise.all([accounts.start(), members.start(), optionsService.start(), pageCache.start()]);
    const tokens = await TokenService.load(db.owner);
    const sessions = new SessionService(tokens, bus, db.owner);
    await sessions.start();
    const mailer = new Mailer(config.smtpUrl, app.log, config.mailFrom);
    const sms = options.sms ?? new RecordingSmsProvider(app.log);
    const system = new SystemAccess(db, app.log);
    const container = rootContainer.createChildContainer();
    const hooks = new HookBus((plugin) => plugins.find((p) => p.manifest.name === plugin)?.manifest.feature);
    purgePagesOnContentChanges(hooks, pageCache);

    const inAccount = async <T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T> => {
      const account = await accounts.findById(accountId);
      if (account === null) throw new AppError(Errors.accountNotFound);
      return runInTenantTransaction(db, accountId, null, (tx) => work({ account, db: tx, hookScope: { accountId, features: account.features } }));
    };
    const jobsAndMail = createJobsAndMail({
      config,
      database: db,
      log: app.log,
      accounts,
      inAccount,
      withSystem: (reason, work) => system.run(reason, work),
      fallback: mailer,
      // A message refused for good reaches plugins as the mail.bounced hook (marketing marks the contact bounced).
      onBounce: async ({ accountId, ...bounce }) => {
        const account = await accounts.findById(accountId);
        if (account !== null) await hooks.doAction('mail.bounced', { accountId, ...bounce }, { accountId, features: account.features });
      },
    });
    const automation = new AutomationEngine(manifests, {
      jobs: jobsAndMail.jobs,
      log: app.log,
      withSystem: (reason, work) => system.run(reason, work),
      originOf: (account) => accountOrigin(config, account),
      concurrency: db.kind === 'embedded' ? 1 : 4,
    });
    // SPEC §9 triggers of the kernel's own doings (a sign-up, a post published), raised from their hooks.
    raiseKernelTriggers({ hooks, engine: automation, inAccount, log: app.log });
    app.addHook('onReady', () => jobsAndMail.start());
    // Sign-in codes and touchpoint mail go through the outbox (kept for the admin, retried by jobs).
    const mail: MailSender = jobsAndMail.mail;
    const auth = new AuthService(tokens, sessions, members, hooks, mail, sms, config.publicScheme, config.platformDomain, app.log);
    const realtime = new RealtimeService({
      bus,
      tokens,
      sessions,
      log: app.log,
      // The role cache answers most private joins and token refreshes without a transaction.
      isMember: async (accountId, userId) =>
        (await members.cachedOr(accountId, userId, () => inAccount(accountId, ({ db }) => members.load(db, accountId, userId)))) !== null,
    });
    await realtime.start();
    const { notifications, touchpoints } = createNotifications({ hooks, options: optionsService, mailer: mail, plugins, container, log: app.log });
    // A new notification tells the member's open dashboards to refresh (SPEC §4: the notification broadcast on onlineUsers).
    hooks.addAction('notifications.created', async ({ accountId, userId, notificationId, type }) => {
      await realtime.broadcast(accountId, 'onlineUsers', 'notification', { user_id: userId, notification_id: notificationId, type });
    });
    const storage = createStorageService(config.storage, { inAccount, log: app.log });
    const resolver = options.resolver ?? createResolver({ servers: config.dnsServers });
    const outbound = new OutboundGuard({ resolver, allow: AllowList.parse(config.outboundAllow) });
    // Plugin contexts are built last: they hand out narrow views of the services above.
    const registry = new PluginRegistry(plugins, {
      log: app.log,
      hooks,
      container,
      platformDomain: config.platformDomain,
      inAccount,
      withSystem: (reason, work, plugin) => system.run(reason, work, { plugin }),
      config: {
        platformDomain: config.platformDomain,
        publicScheme: config.publicScheme,
        port: config.port,
        paymentApis: {
          ...(config.stripeApiUrl === undefined ? {} : { stripe: config.stripeApiUrl }),
          ...(config.razorpayApiUrl === undefined ? {} : { razorpay: config.razorpayApiUrl }),
          ...(config.paypalApiUrl === undefined ? {} : { paypal: config.paypalApiUrl }),
        },
      },
      jobs: pluginJobs(jobsAndMail.jobs),
      pageCache: pluginPageCache(pageCache),
      touchpoints: pluginTouchpoints(touchpoints),
      mail: pluginMailer(jobsAndMail.mail),
      storage: pluginStorage(storage),
      realtime: pluginRealtime(realtime),
      memberMeta: pluginMemberMeta(),
      options: pluginOptions(optionsService),
      limits: pluginLimits(),
      net: {
        fetch: (input, init) => outbound.fetch(input, init),
        screen: (url) => outbound.screen(url),
        checkEmail: (address) => checkEmailAddress(resolver, address),
        normalEmail: normalEmailAddress,
      },
      siteUrl: (request) => auth.siteUrl(request),
      automation: (plugin) => automation.forPlugin(plugin),
    });
    const admin = new AccountAdmin(
      db.owner,
      () => manifests,
      (id) => accounts.invalidate(id),
      (accountId, userId) => members.invalidate(accountId, userId),
    );
    const billingDeps = {
      withSystem: <T>(reason: string, work: (db: AnyDb) => Promise<T>) => system.run(reason, work),
      catalogue: features,
      invalidateAccount: (id: string) => accounts.invalidate(id),
      mail,
      originOf: (account: { slug: string; customDomain: string | null }) => accountOrigin(config, account),
    };
    const platformBilling = new KernelPlatformBilling(billingDeps);
    const kernel: Kernel = {
      config,
      version: KERNEL_VERSION,
      database: db,
      bus,
      hooks,
      options: optionsService,
      pageCache,
      accounts,
      members,
      admin,
      tokens,
      plugins: registry,
      features,
      auth,
      sessions,
      mailer,
      sms,
      realtime,
      storage,
      jobs: jobsAndMail.jobs,
      mail: jobsAndMail.mail,
      notifications,
      touchpoints,
      resolver,
      outbound,
      automation,
      inAccount,
      withSystem: (reason, work) => system.run(reason, work),
      seedDemo: () => seedDemo(kernel),
      billing: { service: platformBilling, sweep: (now) => sweepBilling(billingDeps, now) },
    };
    container.register(PlatformBillingToken, { useValue: platformBilling });
    for (const [token, value] of [
      [Tokens.Config, config],
      [Tokens.Database, db],
      [Tokens.Hooks, hooks],
      [Tokens.Options, optionsService],
      [Tokens.Accounts, accounts],
      [Tokens.Members, members],
      [Tokens.Bus, bus],
    ] as const) {
      container.register(token, { useValue: value });
    }
    app.decorate('kernel', kernel);

    installErrorHandling(app);
    const observe = options.observeResponses;
    if (observe !== undefined) {
      app.addHook('onResponse', async (request, reply) => observe({ method: request.method, url: request.routeOptions.url, statusCode: reply.statusCode }));
    }
    app.addSchema(errorBodySchema);
    app.decorateRequest('account', null);
    app.decorateRequest('auth', null);
    app.decorateRequest('ctx', null as never);
    const superadmins = new Set(config.superadminEmails);
    installRouteGuard(app, new RequestScope({ database: db, members, options: optionsService, system, container, superadminEmails: superadmins }));
    // Rate limits are counted per instance, or across instances in Redis when it is configured.
    rateLimitRedis = config.redisUrl === undefined ? undefined : new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    await app.register(rateLimit, { global: false, ...(rateLimitRedis === undefined ? {} : { redis: rateLimitRedis }) });

    await app.register(cookie);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
      if (request.routeOptions.url === undefined || request.routeOptions.config.tenancy === false) return;
      request.account = await accounts.resolveHost(request.hostname);
      if (request.account !== null) request.auth = await authenticate(request, request.account, tokens, sessions);
    });

    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    await registerOpenApi(app);
    await app.register(healthRoutes, { database: db, closing: () => closing });
    await app.register(clientLogRoutes);
    await app.register(siteConfigRoutes, { auth });
    await app.register(siteSettingsRoutes, {
      platformDomain: config.platformDomain,
      invalidateAccount: (id: string) => accounts.invalidate(id),
      resolver,
      jobs: jobsAndMail.jobs,
      notifications,
    });
    // On localhost (development and tests) issuers may be local servers; elsewhere only public https ones.
    await app.register(verifyEmailRoutes, { resolver });
    await app.register(authSettingsRoutes, { development: config.platformDomain === 'localhost' });
    await app.register(memberRoutes, { members, superadminEmails: superadmins });
    await app.register(realtimeRoutes, { realtime, accounts, tokens, sessions });
    await app.register(storageRoutes, { storage, tokens, hooks });
    await app.register(jobsAndMailRoutes, { jobsAndMail, hooks, mailFrom: config.mailFrom });
    await app.register(notificationRoutes, { notifications, touchpoints, options: optionsService });
    await app.register(supportRoutes, { notifications, features });
    // Sign-in limits are shared by every instance and kept across restarts: Redis, else the database.
    // The platform's sign-up counts its password checks in them too.
    const authLimits = new AuthLimits(
      openCounterStore({ redis: rateLimitRedis, owner: db.owner, prefix: options.busPrefix ?? 'lectern:' }),
      config.authRateLimit,
    );
    await app.register(signupRoutes, {
      platformDomain: config.platformDomain,
      auth,
      limits: authLimits,
      plugins,
      inAccount,
      invalidateMembers: (id: string) => members.invalidate(id),
      confirmEmail: config.signupConfirmEmail,
      catalogue: features,
      mail,
      invalidateAccount: (id: string) => accounts.invalidate(id),
    });
    await app.register(planCheckoutRoutes, { siteUrl: (request) => auth.siteUrl(request) });
    await app.register(customerRoutes);
    await app.register(planAccountRoutes);
    await scheduleBillingSweep(jobsAndMail.jobs, billingDeps);
    await app.register(updateRoutes);
    await app.register(
      async (scope) => {
        await scope.register(cors, {
          origin: true,
          allowedHeaders: ['apikey', 'authorization', 'content-type', 'x-client-info', 'x-supabase-api-version', 'x-upsert', 'cache-control', 'x-metadata'],
          exposedHeaders: ['X-Supabase-Api-Version'],
          methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        });
        await authRoutes(scope, { auth, limits: authLimits });
      },
      { prefix: '/auth/v1' },
    );
    await app.register(addonRoutes, {
      catalogue: features,
      plugins,
      invalidateAccount: (id: string) => accounts.invalidate(id),
      invalidateMembers: (id: string) => members.invalidate(id),
    });
    await app.register(dashboardDataRoutes, { hooks });
    await app.register(contentRoutes, { hooks, jobs: jobsAndMail.jobs });
    await app.register(pageCacheRoutes, { pageCache });
    await app.register(siteFeedRoutes, { siteUrl: (request) => auth.siteUrl(request) });
    await app.register(siteSearchRoutes, { hooks });
    await app.register(signoutRoute, { auth });
    await app.register(siteImageRoutes, { storage });
    await app.register(platformRoutes, {
      catalogue: features,
      plugins,
      jobs: jobsAndMail.jobs,
      invalidateAccount: (id: string) => accounts.invalidate(id),
      invalidateMember: (id: string, userId: string) => members.invalidate(id, userId),
      invalidateMembers: (id: string) => members.invalidate(id),
      inAccount,
      mail,
      originOf: (account) => accountOrigin(config, account),
    });

    await app.register(dashboardRoutes, {
      manifests,
      siteUrl: (request) => auth.siteUrl(request),
      platformDomain: config.platformDomain,
      adminDist: options.adminDist,
      themeServesLogin: options.themes?.site !== undefined,
    });

    await app.register(automationRoutes, { engine: automation });

    await registry.register();
    await registry.declareJobs();
    // Every declared condition and action has its code now: the engine's workers can be declared.
    await automation.start();
    await registry.mountRoutes(app);
    await app.register(siteRoutes, {
      themes: options.themes ?? {},
      plugins: plugins.map((plugin) => ({
        name: plugin.manifest.name,
        feature: plugin.manifest.feature,
        ...(plugin.manifest.provides === undefined ? {} : { provides: plugin.manifest.provides }),
        site: plugin.site,
        text: registry.context(plugin.manifest.name).text,
      })),
      features,
      pageCache,
      siteUrl: (request) => auth.siteUrl(request),
      invalidateAccount: (id: string) => accounts.invalidate(id),
    });
    const openedBus = bus;
    app.addHook('onClose', async () => {
      await registry.destroy();
      await realtime.close();
      await jobsAndMail.stop();
      await openedBus.close();
      mailer.close();
      rateLimitRedis?.disconnect();
      await db.close();
    });
    await app.ready();
    await registry.bootstrap();
    return app;
  } catch (error) {
    await app.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    rateLimitRedis?.disconnect();
    await database?.close().catch(() => undefined);
    throw error;
  }
}
