import { createKernel, loadConfig, loadThemes, type Kernel, type PluginDefinition } from '@lectern/core';
import { benchPlugin, seedBenchItems } from './bench-plugin.js';
import { sql } from 'kysely';
import type { LmsBenchInfo, ServerInfo, ShopBenchInfo } from './messages.js';
import type { RunningServer } from './running-server.js';
import { loadBenchSettings } from './settings.js';

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
  /** Load the LMS plugin and seed the LMS scenarios' courses, students and tokens (the lms scenarios). */
  lms?: boolean;
  /** Load the LMS and the shop: the demo seed's products and coupons (the shop scenarios). */
  shop?: boolean;
}

/**
 * The LMS plugin and its fixture are imported only when asked for, so the other scenarios' memory
 * does not include their module graph.
 */
async function lmsPlugins(options: KernelServerOptions): Promise<PluginDefinition[]> {
  if (options.lms !== true && options.shop !== true) return [];
  const { default: lms } = await import('@lectern/plugin-lms');
  if (options.shop !== true) return [lms];
  const { default: ecommerce } = await import('@lectern/plugin-ecommerce');
  return [lms, ecommerce];
}

/** The demo shop's one-time products (a cart of them) and its valid coupon, read through the public API's table. */
async function prepareShop(kernel: Kernel, accountId: string): Promise<ShopBenchInfo> {
  const rows = await kernel.inAccount(accountId, ({ db }) =>
    sql<{
      id: string;
    }>`SELECT id FROM ecommerce_products WHERE account_id = ${accountId} AND price_type = 'onetime' AND status = 'published' ORDER BY created_at`.execute(db),
  );
  if (rows.rows.length === 0) throw new Error('the demo seed made no shop products');
  return { productIds: rows.rows.map((row) => row.id), coupon: 'WELCOME20' };
}

async function prepareLms(kernel: Kernel, accountId: string): Promise<LmsBenchInfo> {
  const { seedLmsFixture } = await import('./lms-fixture.js');
  // One student per connection of the load and the roster's size, as the runner configures them.
  const { connections, rosterStudents } = loadBenchSettings();
  const { ownerId, studentIds, ...fixture } = await seedLmsFixture(kernel, accountId, connections, rosterStudents);
  const sign = async (userId: string, email: string) => kernel.tokens.sign({ sub: userId, email, role: 'authenticated', account_id: accountId });
  return {
    ...fixture,
    ownerToken: await sign(ownerId, 'bench-owner@bench.test'),
    studentTokens: await Promise.all(studentIds.map((id, i) => sign(id, `bench-student-${i + 1}@bench.test`))),
  };
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
    plugins: [benchPlugin, ...(await lmsPlugins(options))],
    ...(options.themes === true ? { themes: await loadThemes() } : {}),
    ...(options.pageCache === false ? { pageCache: { maxEntries: 0 } } : {}),
  });
  try {
    await app.kernel.seedDemo();
    const account = await findBenchAccount(app.kernel);
    await app.kernel.inAccount(account.id, ({ db }) => seedBenchItems(db, account.id));
    const lms = options.lms === true ? await prepareLms(app.kernel, account.id) : undefined;
    const shop = options.shop === true ? await prepareShop(app.kernel, account.id) : undefined;
    await app.listen({ port: config.port, host: config.host });
    const info: ServerInfo = {
      port: config.port,
      hostHeader: `${account.slug}.${config.platformDomain}`,
      accountId: account.id,
      database: app.kernel.database.describe,
      databaseKind: app.kernel.database.kind,
      ...(lms === undefined ? {} : { lms }),
      ...(shop === undefined ? {} : { shop }),
    };
    return { info, close: () => app.close() };
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
}
