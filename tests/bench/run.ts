/**
 * `npm run bench`: measures the kernel's read path against two ceilings on this machine, each
 * server in its own process, and prints (and saves) req/s, p99 and server memory side by side.
 *
 *   fastify-hello  bare Fastify, no database        (what the machine allows)
 *   fastify-pg     bare Fastify + pg, one PK read   (what the database allows)
 *   kernel-read    the full kernel, one PK read through a tenant route
 *   site-cached    the demo home page, signed out, from the page cache
 *   site-render    the demo home page, server-rendered with React on every request (cache off)
 *   lms-complete   a student marks a unit complete and un-complete again (LMS plugin, bearer token)
 *   lms-roster     the first roster page of a course with 100,000 students, as the owner
 *   shop-products  the public products list (first page, exact count), as a visitor
 *   shop-quote     a visitor's cart priced from the stored products with a coupon
 *
 * Each is reported as a ratio to fastify-hello measured in the same run, with the JavaScript a
 * content page ships (gzipped) from the default theme's build report.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measure } from './load.js';
import { findFreePort } from '../support/free-port.js';
import { lmsCompletePlan, lmsRosterPlan } from './lms-plans.js';
import { shopProductsPlan, shopQuotePlan } from './shop-plans.js';
import type { ServerInfo } from './messages.js';
import { waitUntilAnswers } from './probe.js';
import { formatReport, ratio, toMb, writeReport, type BenchReport, type ScenarioResult } from './report.js';
import type { ScenarioPlan } from './scenario-plan.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { loadBenchSettings, type BenchSettings } from './settings.js';

/** Requests cycle through ids spread over the seeded rows, so one cached row does not flatter the numbers. */
const IDS = Array.from({ length: 20 }, (_, i) => 1 + i * 50);

const isItem = (id: number) => (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { id?: unknown }).id === id && typeof (body as { title?: unknown }).title === 'string';

/** The default theme's build reports what a content page loads; null when it has not been built. */
async function contentPageJs(): Promise<number | null> {
  const file = new URL('../../themes/default/dist/client/size-report.json', import.meta.url);
  try {
    const report = JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
    const bytes = report.contentPageJsGzipBytes ?? report.initialJsGzipBytes;
    return typeof bytes === 'number' ? bytes : null;
  } catch {
    return null;
  }
}

/** What the LMS boots reported: the roster's size and how long seeding it took. */
function lmsSummary(...infos: ServerInfo[]): BenchReport['lms'] {
  const reported = infos.flatMap((info) => (info.lms === undefined ? [] : [info.lms]));
  return {
    rosterStudents: reported[0]?.rosterStudents ?? 0,
    seedSeconds: Math.max(0, ...reported.map((l) => l.seedSeconds)),
    students: reported[0]?.studentTokens.length ?? 0,
    units: reported[0]?.unitIds.length ?? 0,
  };
}

const live = new Set<ServerProcess>();
/** Temporary folders of this run, removed at the end whichever way it ends. */
const folders = new Set<string>();
const log = (message: string) => process.stderr.write(`${message}\n`);

async function runScenario(plan: ScenarioPlan, settings: BenchSettings, dataDir: string): Promise<{ result: ScenarioResult; info: ServerInfo }> {
  const port = await findFreePort();
  log(`${plan.scenario}: starting server on 127.0.0.1:${port}`);
  const booted = Date.now();
  const server = await startServerProcess(plan.scenario, { BENCH_PORT: String(port), BENCH_DATA_DIR: dataDir, ...plan.env }, plan.bootTimeoutMs ?? settings.bootTimeoutMs);
  live.add(server);
  try {
    const { info } = server;
    log(`${plan.scenario}: ready after ${((Date.now() - booted) / 1000).toFixed(1)} s`);
    const planned = plan.load?.(info);
    const probe = planned?.probe ?? { path: plan.paths[0] ?? '/' };
    await waitUntilAnswers(port, probe.path, info.hostHeader, plan.check, 30_000, probe.headers);
    // Footprint before any load, then after it: the second one includes what the load made it grow.
    const idle = await server.memory();
    log(`${plan.scenario}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured`);
    const target = { port, paths: plan.paths, sequences: planned?.sequences, hostHeader: info.hostHeader };
    const load = await measure(target, settings.connections, settings.warmupSeconds, settings.durationSeconds);
    const memory = await server.memory();
    return {
      info,
      result: {
        scenario: plan.scenario,
        description: plan.description,
        requestsPerSecond: load.requestsPerSecond,
        p50Ms: load.p50Ms,
        p99Ms: load.p99Ms,
        totalRequests: load.totalRequests,
        measuredSeconds: load.durationSeconds,
        idleRssMb: toMb(idle.rss),
        rssMb: toMb(memory.rss),
        peakRssMb: toMb(memory.maxRss),
      },
    };
  } catch (error) {
    const output = server.output();
    if (output !== '') log(`${plan.scenario} server output:\n${output}`);
    throw error;
  } finally {
    await server.stop();
    live.delete(server);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  const settings = loadBenchSettings();
  // A fresh folder per run: the embedded database starts empty; PostgreSQL uses DATABASE_URL as is.
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-'));
  folders.add(dataDir);
  // kernel-read runs first: its boot migrates the database and seeds the rows fastify-pg reads.
  const kernel = await runScenario(
    {
      scenario: 'kernel-read',
      description: 'full kernel: host → account, RLS transaction, PK read via a plugin route',
      paths: IDS.map((id) => `/api/bench/items/${id}`),
      check: isItem(IDS[0] ?? 1),
    },
    settings,
    dataDir,
  );
  const accountId = kernel.info.accountId;
  if (accountId === undefined) throw new Error('the kernel server did not report the bench account');
  const pg = await runScenario(
    {
      scenario: 'fastify-pg',
      description: 'bare Fastify + pg pool, same table and rows, PK read',
      env: { BENCH_ACCOUNT_ID: accountId },
      paths: IDS.map((id) => `/items/${id}`),
      check: isItem(IDS[0] ?? 1),
    },
    settings,
    dataDir,
  );
  // The demo home page, signed out: from the page cache, then drawn fresh on every request.
  const isHomePage = (body: unknown) => typeof body === 'string' && body.startsWith('<!doctype html>') && body.includes('id="root"');
  const siteCached = await runScenario(
    { scenario: 'site-cached', description: 'demo home page, signed out, served from the page cache', paths: ['/'], check: isHomePage },
    settings,
    dataDir,
  );
  const siteRender = await runScenario(
    { scenario: 'site-render', description: 'demo home page, signed out, server-rendered on every request (cache off)', paths: ['/'], check: isHomePage },
    settings,
    dataDir,
  );
  // The LMS pair shares a data folder of its own: the first boot seeds 100,000 students, the second
  // finds them; the scenarios above keep their database as it was.
  const lmsDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-lms-'));
  folders.add(lmsDataDir);
  const lmsComplete = await runScenario(lmsCompletePlan, settings, lmsDataDir);
  const lmsRoster = await runScenario(lmsRosterPlan, settings, lmsDataDir);
  // The shop pair reads the demo shop the seed makes, on a data folder of its own.
  const shopDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lectern-bench-shop-'));
  folders.add(shopDataDir);
  const shopProducts = await runScenario(shopProductsPlan, settings, shopDataDir);
  const shopQuote = await runScenario(shopQuotePlan, settings, shopDataDir);
  const hello = await runScenario(
    {
      scenario: 'fastify-hello',
      description: 'bare Fastify, GET /hello, no database',
      paths: ['/hello'],
      check: (body) => typeof body === 'object' && body !== null && (body as { hello?: unknown }).hello === 'world',
    },
    settings,
    dataDir,
  );

  const report: BenchReport = {
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    database: { kind: kernel.info.databaseKind ?? 'embedded', describe: kernel.info.database ?? 'unknown' },
    settings: { connections: settings.connections, warmupSeconds: settings.warmupSeconds, durationSeconds: settings.durationSeconds },
    wallSeconds: Math.round((Date.now() - started) / 100) / 10,
    scenarios: [hello.result, pg.result, kernel.result, siteCached.result, siteRender.result, lmsComplete.result, lmsRoster.result, shopProducts.result, shopQuote.result],
    ratios: {
      kernelVsHello: ratio(kernel.result, hello.result),
      kernelVsPg: ratio(kernel.result, pg.result),
      siteCachedVsHello: ratio(siteCached.result, hello.result),
      siteRenderVsHello: ratio(siteRender.result, hello.result),
      lmsCompleteVsHello: ratio(lmsComplete.result, hello.result),
      lmsRosterVsHello: ratio(lmsRoster.result, hello.result),
      shopProductsVsHello: ratio(shopProducts.result, hello.result),
      shopQuoteVsHello: ratio(shopQuote.result, hello.result),
    },
    lms: lmsSummary(lmsComplete.info, lmsRoster.info),
    contentPageJsGzipBytes: await contentPageJs(),
  };
  process.stdout.write(formatReport(report));
  log(`saved ${await writeReport(report)} (${report.wallSeconds} s)`);
}

/** Stops any server still running and removes the temporary folders. */
async function cleanUp(): Promise<void> {
  await Promise.allSettled([...live].map((server) => server.stop()));
  await Promise.allSettled([...folders].map((folder) => fs.rm(folder, { recursive: true, force: true })));
}

/** Ctrl-C: stop the servers before leaving, so no process outlives the run. */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`bench: ${signal}, stopping servers`);
    void cleanUp().then(() => process.exit(130));
  });
}

main()
  .then(
    () => 0,
    (error: unknown) => {
      log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    },
  )
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
