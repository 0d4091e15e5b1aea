/**
 * The kernel's public surface. Everything else under src/ is internal: plugins use @lectern/sdk,
 * which re-exports plugin-api.ts, the part of this surface meant for them. The rest is for the host
 * (bin/, the SDK's test harness): creating and configuring the kernel, discovery, seeding.
 */
export * from './plugin-api.js';
export { createKernel, type Kernel, type KernelOptions } from './kernel.js';
export { loadConfig, ConfigError, type KernelConfig, type StorageConfig } from './config/config.js';
export { Tokens } from './container/tokens.js';
export { TenancyError, findTenancyProblems } from './db/tenancy-check.js';
export { MigrationError } from './db/migrator.js';
export type { Database } from './db/database.js';
export type { KernelDatabase, JsonObject } from './db/schema.js';
export { HookBus } from './hooks/hook-bus.js';
export { OPTIONS_CACHE_MS } from './options/options-service.js';
export { ManifestError, ManifestSchema, validateManifest } from './plugins/manifest.js';
export { PluginOrderError, orderPlugins } from './plugins/order.js';
export { RouteDeclarationError, registeredRoutes, type RegisteredRoute } from './http/route-guard.js';
export { discoverInstalledPlugins, discoverPlugins, PluginDiscoveryError, type DiscoverPluginsOptions } from './plugins/discover.js';
export { findPluginPackages, PluginPackageError, type PluginPackage, type PluginPackageField } from './plugins/plugin-packages.js';
export { classifyHost } from './tenancy/hosts.js';
export { NotificationTokens } from './notifications/tokens.js';
export { memberMeta } from './dashboard/member-meta.js';
export { Mailer, RecordingSmsProvider, type SmsProvider, type SmsMessage, type MailMessage } from './mail/mailer.js';
export { DEMO_PASSWORD, seedSampleSite, type DemoSummary, type DemoLogin } from './seed/demo.js';
export type { MenuEntry, MenuArea } from './dashboard/menu-entries.js';
export { loadThemes, ThemeLoadError, type SiteThemes } from './site-render/index.js';
export type { PluginText } from './plugins/plugin-text.js';
export type { JobHandler, JobStepHandler } from './jobs/job-service.js';
export { AutomationEngine, DELAY_UNITS } from './automation/index.js';
export { OutboundGuard, OutboundError, AllowList, createResolver, DnsLookupError, isDefinitiveDnsAnswer, type DnsResolver } from './net/index.js';
