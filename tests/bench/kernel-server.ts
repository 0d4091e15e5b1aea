import { createKernel, loadConfig, loadThemes, type Kernel } from '@lectern/core';
import { benchPlugin, seedBenchItems } from './bench-plugin.js';
import type { ServerInfo } from './messages.js';
import type { RunningServer } from './running-server.js';

/**
 * The account the bench reads: `demo` from the demo seed, or on a PostgreSQL database that already
 * had accounts (seedDemo does nothing there) a `bench` account created once and reused.
 */
async function findBenchAccount(kernel: Kernel): Promise<{ id: string; slug: string }> {
  for (const slug of ['demo', 'bench']) {
    const account = await kernel.accounts.findBySlug(slug);
    if (account !== null) return { id: account.id, slug };
  }
  const { id } = await kernel.admin.createAccount({ slug: 'bench', name: 'Bench', plan: 'professional' });
  return { id, slug: 'bench' };
}

export interface KernelServerOptions {
  /** Load the installed themes, so the public site is served (the site scenarios). */
  themes?: boolean;
  /** Keep the page cache on (default); off, every page request is a fresh server render. */
  pageCache?: boolean;
}

/** The full kernel with the bench plugin, migrated and seeded, listening on loopback. */
export async function startKernelServer(port: number, dataDir: string, options: KernelServerOptions = {}): Promise<RunningServer> {
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  });
  const app = await createKernel(config, {
    plugins: [benchPlugin],
    ...(options.themes === true ? { themes: await loadThemes() } : {}),
    ...(options.pageCache === false ? { pageCache: { maxEntries: 0 } } : {}),
  });
  try {
    await app.kernel.seedDemo();
    const account = await findBenchAccount(app.kernel);
    await app.kernel.inAccount(account.id, ({ db }) => seedBenchItems(db, account.id));
    await app.listen({ port: config.port, host: config.host });
    const info: ServerInfo = {
      port: config.port,
      hostHeader: `${account.slug}.${config.platformDomain}`,
      accountId: account.id,
      database: app.kernel.database.describe,
      databaseKind: app.kernel.database.kind,
    };
    return { info, close: () => app.close() };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
