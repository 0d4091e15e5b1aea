import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { DependencyContainer } from 'tsyringe';
import type { Token } from '../container/tokens.js';
import type { AnyDb } from '../db/database.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { Account } from '../tenancy/account.js';
import type { PluginAutomation } from '../automation/declarations.js';
import type { AccountScope, PluginContext, PluginDefinition, PluginRequest } from './contract.js';
import {
  accountOrigin,
  type PluginJobs,
  type PluginMailer,
  type PluginMemberMeta,
  type PluginNet,
  type PluginOptions,
  type PluginPageCache,
  type PluginPublicConfig,
  type PluginRealtime,
  type PluginStorage,
  type PluginTouchpoints,
} from './services.js';
import { validateManifest } from './manifest.js';
import { pluginText } from './plugin-text.js';
import { orderPlugins } from './order.js';
import { typed } from '../http/typed-app.js';
import type { PluginLimits } from '../plans/plugin-limits.js';

export interface RegistryServices {
  log: FastifyBaseLogger;
  hooks: HookBus;
  container: DependencyContainer;
  platformDomain: string;
  inAccount<T>(accountId: string, work: (scope: AccountScope) => Promise<T>): Promise<T>;
  withSystem<T>(reason: string, work: (db: AnyDb) => Promise<T>, plugin: string): Promise<T>;
  config: PluginPublicConfig;
  jobs: PluginJobs;
  pageCache: PluginPageCache;
  touchpoints: PluginTouchpoints;
  mail: PluginMailer;
  storage: PluginStorage;
  realtime: PluginRealtime;
  memberMeta: PluginMemberMeta;
  options: PluginOptions;
  limits: PluginLimits;
  net: PluginNet;
  siteUrl(request: PluginRequest): string;
  /** The automation engine's view for one plugin. */
  automation(plugin: string): PluginAutomation;
}

/** Validates and orders plugins before anything runs; throws with the reason when it cannot. */
export function preparePlugins(plugins: readonly PluginDefinition[], kernelVersion: string): PluginDefinition[] {
  for (const plugin of plugins) plugin.manifest = validateManifest(plugin.manifest, kernelVersion);
  return orderPlugins(plugins);
}

/** Drives each plugin through its lifecycle with a context bound to that plugin. */
export class PluginRegistry {
  private readonly contexts = new Map<string, PluginContext>();

  constructor(
    readonly plugins: readonly PluginDefinition[],
    private readonly services: RegistryServices,
  ) {
    for (const plugin of plugins) this.contexts.set(plugin.manifest.name, this.createContext(plugin));
  }

  context(name: string): PluginContext {
    const ctx = this.contexts.get(name);
    if (ctx === undefined) throw new Error(`No plugin named "${name}"`);
    return ctx;
  }

  featureOf(name: string): string | undefined {
    return this.plugins.find((p) => p.manifest.name === name)?.manifest.feature;
  }

  async register(): Promise<void> {
    for (const plugin of this.plugins) await plugin.register?.(this.context(plugin.manifest.name));
  }

  /** Lets each plugin declare its job workers and crons (before routes, so routes may enqueue). */
  async declareJobs(): Promise<void> {
    for (const plugin of this.plugins) await plugin.jobs?.(this.context(plugin.manifest.name));
  }

  /** Mounts each plugin's routes under /api/<name>, tagged with the plugin and its feature. */
  async mountRoutes(app: FastifyInstance): Promise<void> {
    for (const plugin of this.plugins) {
      if (plugin.routes === undefined) continue;
      const { name, feature } = plugin.manifest;
      const ctx = this.context(name);
      const routes = plugin.routes;
      await app.register(
        async (scoped) => {
          scoped.addHook('onRoute', (route) => {
            route.config = { ...(route.config ?? {}), plugin: name, ...(feature === undefined ? {} : { feature }) };
          });
          await routes(typed(scoped), ctx);
        },
        { prefix: `/api/${name}` },
      );
    }
  }

  async bootstrap(): Promise<void> {
    for (const plugin of this.plugins) await plugin.bootstrap?.(this.context(plugin.manifest.name));
  }

  async destroy(): Promise<void> {
    for (const plugin of [...this.plugins].reverse()) {
      try {
        await plugin.destroy?.(this.context(plugin.manifest.name));
      } catch (error) {
        this.services.log.error({ err: error, plugin: plugin.manifest.name }, 'plugin destroy failed');
      }
    }
  }

  private createContext(plugin: PluginDefinition): PluginContext {
    const { hooks, container, log, config, jobs, pageCache, touchpoints, mail, storage, realtime, memberMeta, options, limits, net, siteUrl } = this.services;
    const name = plugin.manifest.name;
    const feature = plugin.manifest.feature;
    return {
      name,
      manifest: plugin.manifest,
      log: log.child({ plugin: name }),
      platformDomain: this.services.platformDomain,
      config,
      jobs,
      pageCache,
      touchpoints,
      mail,
      storage,
      realtime,
      memberMeta,
      options,
      limits,
      net,
      siteUrl: (request) => siteUrl(request),
      accountOrigin: (account) => accountOrigin(config, account),
      hooks: {
        addAction: (hook, handler, options) => hooks.addAction(hook, handler, { ...options, plugin: name }),
        addFilter: (hook, handler, options) => hooks.addFilter(hook, handler, { ...options, plugin: name }),
        doAction: (hook, payload, scope) => hooks.doAction(hook, payload, scope),
        applyFilters: (hook, value, scope) => hooks.applyFilters(hook, value, scope),
      },
      provide<T>(token: Token<T>, value: T) {
        container.register(token, { useValue: value });
      },
      resolve<T>(token: Token<T>): T {
        return container.resolve(token);
      },
      resolveOptional<T>(token: Token<T>): T | undefined {
        return container.isRegistered(token, true) ? container.resolve(token) : undefined;
      },
      inAccount: (accountId, work) => this.services.inAccount(accountId, work),
      withSystem: (reason, work) => this.services.withSystem(reason, work, name),
      isEnabledFor: (account: Account) => feature === undefined || account.features.has(feature),
      automation: this.services.automation(name),
      text: pluginText(plugin.locales),
    };
  }
}
