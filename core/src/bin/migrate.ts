#!/usr/bin/env node
import { ConfigError, loadConfig } from '../config/config.js';
import { createKernel } from '../kernel.js';
import { discoverInstalledPlugins } from '../plugins/discover.js';

/** Applies the kernel's and every plugin's pending migrations, checks tenancy, and exits. */
async function main(): Promise<void> {
  const config = loadConfig();
  const plugins = await discoverInstalledPlugins();
  // Booting the kernel migrates (kernel first, then plugins in dependency order) and verifies tenancy.
  const app = await createKernel(config, { plugins, logger: { level: 'warn' } });
  process.stdout.write(`Migrations applied on ${app.kernel.database.describe}; tenancy check passed.\n`);
  await app.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof ConfigError ? '' : 'Migration failed: '}${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
