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
 *   lms-roster     the first roster page of a course with 100,000 students (BENCH_ROSTER_STUDENTS), as the owner
 *   shop-products  the public products list (first page, exact count), as a visitor
 *   shop-quote     a visitor's cart priced from the stored products with a coupon
 *
 * Each is reported as a ratio to fastify-hello measured in the same run, with the JavaScript a
 * content page ships (gzipped) from the default theme's build report.
 *
 * Each scenario group (the kernel-read group, the LMS pair, the shop pair) starts from an empty
 * database of its own: a fresh data folder embedded, a fresh PostgreSQL database (made and dropped
 * through DATABASE_URL) otherwise. A scenario that fails does not stop the others; the report
 * lists it and the run exits non-zero, and only a run where every scenario passed is saved.
 * BENCH_SMOKE=1 (CI) runs every scenario for about a second, the groups side by side: a check
 * that all of them boot and answer rightly, not a measurement (see settings.ts).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BenchDatabases } from './bench-databases.js';
import { measure } from './load.js';
import { findFreePort } from '../support/free-port.js';
import { lmsCompletePlan, lmsRosterPlan } from './lms-plans.js';
import { shopProductsPlan, shopQuotePlan } from './shop-plans.js';
import { SCENARIOS, type Scenario, type ServerInfo } from './messages.js';
import { waitUntilAnswers, wrongAnswer } from './probe.js';
import { formatReport, ratio, toMb, writeReport, type BenchReport, type ScenarioFailure, type ScenarioResult } from './report.js';
import type { ScenarioPlan } from './scenario-plan.js';
import { startServerProcess, stopAllServers } from './server-process.js';
import { loadBenchSettings, settingsEnv, type BenchSettings } from './settings.js';

/** Requests cycle through ids spread over the seeded rows, so one cached row does not flatter the numbers. */
const IDS = Array.from({ length: 20 }, (_, i) => 1 + i * 50);

const isItem = (id: number) => (body: unknown) =>
  typeof body === 'object' && body !== null && (body as { id?: unknown }).id === id && typeof (body as { title?: unknown }).title === 'string';

/** The demo home page, signed out. */
const isHomePage = (body: unknown) => typeof body === 'string' && body.startsWith('<!doctype html>') && body.includes('id="root"');

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
function lmsSummary(...infos: (ServerInfo | undefined)[]): BenchReport['lms'] {
  const reported = infos.flatMap((info) => (info?.lms === undefined ? [] : [info.lms]));
  return {
    rosterStudents: reported[0]?.rosterStudents ?? 0,
    seedSeconds: Math.max(0, ...reported.map((l) => l.seedSeconds)),
    students: reported[0]?.studentTokens.length ?? 0,
    units: reported[0]?.unitIds.length ?? 0,
  };
}

interface Measured {
  result: ScenarioResult;
  info: ServerInfo;
}

/** Where a scenario group keeps its data: a fresh data folder and, on PostgreSQL, a fresh database. */
interface GroupStore {
  dataDir: string;
  env: Record<string, string>;
}

/** Temporary folders of this run, removed at the end whichever way it ends. */
const folders = new Set<string>();
/** This run's PostgreSQL databases when DATABASE_URL is set (read like the kernel does: blank is unset). */
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const databases = databaseUrl === undefined ? undefined : new BenchDatabases(databaseUrl);
const failures: ScenarioFailure[] = [];
const log = (message: string) => process.stderr.write(`${message}\n`);

async function groupStore(group: string, withDatabase = true): Promise<GroupStore> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `lectern-bench-${group}-`));
  folders.add(dataDir);
  const env = withDatabase && databases !== undefined ? await databases.create(group) : {};
  if (env.DATABASE_URL !== undefined) log(`${group} group: database ${new URL(env.DATABASE_URL).pathname.slice(1)}`);
  return { dataDir, env };
}

async function runScenario(plan: ScenarioPlan, settings: BenchSettings, store: GroupStore): Promise<Measured> {
  const port = await findFreePort();
  log(`${plan.scenario}: starting server on 127.0.0.1:${port}`);
  const booted = Date.now();
  const env = { BENCH_PORT: String(port), BENCH_DATA_DIR: store.dataDir, ...settingsEnv(settings), ...store.env, ...plan.env };
  const server = await startServerProcess(plan.scenario, env, plan.bootTimeoutMs ?? settings.bootTimeoutMs);
  try {
    const { info } = server;
    log(`${plan.scenario}: ready after ${((Date.now() - booted) / 1000).toFixed(1)} s`);
    const planned = plan.load?.(info);
    const probe = planned?.probe ?? { path: plan.paths[0] ?? '/' };
    const check = planned?.check ?? plan.check;
    await waitUntilAnswers(port, probe, info.hostHeader, check, 30_000);
    // Footprint before any load, then after it: the second one includes what the load made it grow.
    const idle = await server.memory();
    log(`${plan.scenario}: ${settings.warmupSeconds} s warm-up, ${settings.durationSeconds} s measured`);
    const target = { port, paths: plan.paths, sequences: planned?.sequences, hostHeader: info.hostHeader };
    const load = await measure(target, settings.connections, settings.warmupSeconds, settings.durationSeconds);
    const memory = await server.memory();
    // The load only sees status codes: the answer itself must still be the right one after it.
    const wrong = await wrongAnswer(port, probe, info.hostHeader, check);
    if (wrong !== null) throw new Error(`after the load, ${probe.method ?? 'GET'} ${probe.path} no longer answers as expected: ${wrong}`);
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
  }
}

function fail(scenario: Scenario, error: unknown): undefined {
  const message = error instanceof Error ? error.message : String(error);
  // Once the run is stopping (Ctrl-C), every scenario left fails for that one reason: say it once.
  if (cleaning === undefined) log(`${scenario} FAILED: ${message}`);
  failures.push({ scenario, message });
  return undefined;
}

/** Runs one scenario; a failure is recorded for the report and the run goes on. */
async function attempt(plan: ScenarioPlan, settings: BenchSettings, store: Promise<GroupStore>): Promise<Measured | undefined> {
  if (cleaning !== undefined) return fail(plan.scenario, new Error('not run: the bench is stopping'));
  try {
    return await runScenario(plan, settings, await store);
  } catch (error) {
    return fail(plan.scenario, error);
  }
}

type Results = Partial<Record<Scenario, Measured>>;

/**
 * The kernel-read group: kernel-read boots first (it migrates and seeds the rows fastify-pg reads),
 * then fastify-pg and the site scenarios on the same database.
 */
async function baseGroup(settings: BenchSettings): Promise<Results> {
  const base = groupStore('base');
  // The failure surfaces in each scenario of the group; this only keeps it from going unhandled.
  base.catch(() => undefined);
  const kernel = await attempt(
    {
      scenario: 'kernel-read',
      description: 'full kernel: host → account, RLS transaction, PK read via a plugin route',
      paths: IDS.map((id) => `/api/bench/items/${id}`),
      check: isItem(IDS[0] ?? 1),
    },
    settings,
    base,
  );
  const accountId = kernel?.info.accountId;
  const pg =
    accountId === undefined
      ? fail(
          'fastify-pg',
          new Error(
            kernel === undefined ? 'not run: kernel-read failed, and it seeds the rows fastify-pg reads' : 'the kernel server did not report the bench account',
          ),
        )
      : await attempt(
          {
            scenario: 'fastify-pg',
            description: 'bare Fastify + pg pool, same table and rows, PK read',
            env: { BENCH_ACCOUNT_ID: accountId },
            paths: IDS.map((id) => `/items/${id}`),
            check: isItem(IDS[0] ?? 1),
          },
          settings,
          base,
        );
  // The demo home page, signed out: from the page cache, then drawn fresh on every request.
  const siteCached = await attempt(
    { scenario: 'site-cached', description: 'demo home page, signed out, served from the page cache', paths: ['/'], check: isHomePage },
    settings,
    base,
  );
  const siteRender = await attempt(
    { scenario: 'site-render', description: 'demo home page, signed out, server-rendered on every request (cache off)', paths: ['/'], check: isHomePage },
    settings,
    base,
  );
  return { 'kernel-read': kernel, 'fastify-pg': pg, 'site-cached': siteCached, 'site-render': siteRender };
}

/** The LMS pair on a store of its own: the first boot seeds the roster, the second finds it. */
async function lmsGroup(settings: BenchSettings): Promise<Results> {
  const lms = groupStore('lms');
  lms.catch(() => undefined);
  const complete = await attempt(lmsCompletePlan, settings, lms);
  const roster = await attempt(lmsRosterPlan(settings.rosterStudents), settings, lms);
  return { 'lms-complete': complete, 'lms-roster': roster };
}

/**
 * The shop pair on a store of its own: its first boot seeds the demo with the shop loaded, so the
 * demo shop's products exist (a demo seeded without the shop never gets them).
 */
async function shopGroup(settings: BenchSettings): Promise<Results> {
  const shop = groupStore('shop');
  shop.catch(() => undefined);
  const products = await attempt(shopProductsPlan, settings, shop);
  const quote = await attempt(shopQuotePlan, settings, shop);
  return { 'shop-products': products, 'shop-quote': quote };
}

async function helloGroup(settings: BenchSettings): Promise<Results> {
  const hello = await attempt(
    {
      scenario: 'fastify-hello',
      description: 'bare Fastify, GET /hello, no database',
      paths: ['/hello'],
      check: (body) => typeof body === 'object' && body !== null && (body as { hello?: unknown }).hello === 'world',
    },
    settings,
    groupStore('hello', false),
  );
  return { 'fastify-hello': hello };
}

async function main(): Promise<number> {
  const started = Date.now();
  const settings = loadBenchSettings();
  const groups = [baseGroup, lmsGroup, shopGroup, helloGroup];
  let results: Results = {};
  if (settings.smoke) {
    // The groups share nothing, so the smoke runs them side by side: its figures are not a
    // measurement, and CI's wall time matters more.
    log('bench: smoke run (BENCH_SMOKE): every scenario briefly, the groups side by side; the figures are not a measurement');
    for (const group of await Promise.all(groups.map((group) => group(settings)))) results = { ...results, ...group };
  } else {
    // One server at a time, so no scenario's figures include another's load.
    for (const group of groups) results = { ...results, ...(await group(settings)) };
  }
  const { 'fastify-hello': hello, 'fastify-pg': pg, 'kernel-read': kernel, 'site-cached': siteCached, 'site-render': siteRender } = results;
  const { 'lms-complete': lmsComplete, 'lms-roster': lmsRoster, 'shop-products': shopProducts, 'shop-quote': shopQuote } = results;

  const measured = [hello, pg, kernel, siteCached, siteRender, lmsComplete, lmsRoster, shopProducts, shopQuote];
  const report: BenchReport = {
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    smoke: settings.smoke,
    database: await describeDatabase(),
    settings: { connections: settings.connections, warmupSeconds: settings.warmupSeconds, durationSeconds: settings.durationSeconds },
    wallSeconds: Math.round((Date.now() - started) / 100) / 10,
    scenarios: measured.flatMap((m) => (m === undefined ? [] : [m.result])),
    failures: [...failures].sort((a, b) => SCENARIOS.indexOf(a.scenario) - SCENARIOS.indexOf(b.scenario)),
    ratios: {
      kernelVsHello: ratio(kernel?.result, hello?.result),
      kernelVsPg: ratio(kernel?.result, pg?.result),
      siteCachedVsHello: ratio(siteCached?.result, hello?.result),
      siteRenderVsHello: ratio(siteRender?.result, hello?.result),
      lmsCompleteVsHello: ratio(lmsComplete?.result, hello?.result),
      lmsRosterVsHello: ratio(lmsRoster?.result, hello?.result),
      shopProductsVsHello: ratio(shopProducts?.result, hello?.result),
      shopQuoteVsHello: ratio(shopQuote?.result, hello?.result),
    },
    lms: lmsSummary(lmsComplete?.info, lmsRoster?.info),
    contentPageJsGzipBytes: await contentPageJs(),
  };
  // Interrupted: the servers are being stopped; a report of that would only mislead.
  if (cleaning !== undefined) return 130;
  process.stdout.write(formatReport(report));
  if (failures.length > 0) {
    // The saved report stays the last complete run's (the README quotes it).
    log(`bench: ${failures.length} scenario(s) failed; report not saved (${report.wallSeconds} s)`);
    return 1;
  }
  log(`saved ${await writeReport(report)} (${report.wallSeconds} s)`);
  return 0;
}

async function describeDatabase(): Promise<BenchReport['database']> {
  if (databases === undefined) return { kind: 'embedded', describe: 'embedded PGlite, a fresh data folder per scenario group' };
  const describe = await databases.describe().catch(() => `PostgreSQL (${new URL(databaseUrl ?? '').host}), a fresh database per scenario group`);
  return { kind: 'postgres', describe };
}

let cleaning: Promise<void> | undefined;
/**
 * Stops every server (booting ones too) and starts no more, removes the temporary folders and
 * drops the run's databases; once, however the run ends.
 */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    databases?.stopCreating();
    await stopAllServers();
    await Promise.allSettled([...folders].map((folder) => fs.rm(folder, { recursive: true, force: true })));
    await databases?.dropAll().catch((error: unknown) => log(`bench: could not drop its databases: ${error instanceof Error ? error.message : String(error)}`));
  })();
  return cleaning;
}

/** Ctrl-C: stop the servers and drop the databases before leaving, so nothing outlives the run. */
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`bench: ${signal}, stopping servers`);
    void cleanUp().then(() => process.exit(130));
  });
}

main()
  .catch((error: unknown) => {
    log(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
