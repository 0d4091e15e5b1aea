#!/usr/bin/env node
import { ConfigError, loadConfig, type KernelConfig } from '../config/config.js';
import { createKernel } from '../kernel.js';
import { discoverInstalledPlugins } from '../plugins/discover.js';
import { loadThemes } from '../site-render/load-themes.js';
import { installSafetyNet } from './safety-net.js';
import type { DemoSummary } from '../seed/demo.js';

// React and friends are several times slower in development mode; outside tests we never want it.
process.env.NODE_ENV ??= 'production';

function printBanner(config: KernelConfig, summary: DemoSummary | null, database: string): void {
  const port = config.port === 80 ? '' : `:${config.port}`;
  const lines = [
    '',
    `  Lectern is running on ${database}`,
    `  Platform:  ${config.publicScheme}://${config.platformDomain}${port}`,
    `  Health:    ${config.publicScheme}://${config.platformDomain}${port}/healthz`,
    `  API docs:  ${config.publicScheme}://${config.platformDomain}${port}/api/docs`,
  ];
  if (summary !== null) {
    lines.push(`  Demo site: ${summary.demoUrl}`, '', '  Demo logins (password for all: ' + (summary.logins[0]?.password ?? '') + ')');
    for (const login of summary.logins) lines.push(`    ${login.role.padEnd(12)} ${login.email.padEnd(24)} ${login.url}`);
  }
  lines.push('');
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  let config: KernelConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const plugins = await discoverInstalledPlugins();
  const themes = await loadThemes();
  const app = await createKernel(config, { plugins, themes });
  installSafetyNet(app.log);
  const summary = config.seedDemo ? await app.kernel.seedDemo() : null;
  // Listed super-admin addresses are taken at once, so nobody else can sign up with them first.
  const reserved = await app.kernel.admin.reserveUsers(config.superadminEmails);
  for (const email of reserved) app.log.warn({ email }, 'super-admin address reserved: set its password through password recovery');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining requests');
    // Hard stop if draining takes longer than the configured grace period.
    setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config, summary, app.kernel.database.describe);
  if (summary === null && config.seedDemo) app.log.info('demo already seeded (the database has accounts)');
}

main().catch((error: unknown) => {
  process.stderr.write(`Lectern failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
