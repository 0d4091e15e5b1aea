import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Scenario } from './messages.js';

export interface ScenarioResult {
  scenario: Scenario;
  description: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  measuredSeconds: number;
  /** Server RSS once it answered, before any load, in MB. */
  idleRssMb: number;
  /** Server RSS right after the measurement, in MB. */
  rssMb: number;
  /** The server process's peak RSS (boot, migrations and seeding included), in MB. */
  peakRssMb: number;
}

export interface Ratio {
  /** kernel-read req/s ÷ the ceiling's req/s: the share of the ceiling's throughput the kernel keeps. */
  requestsPerSecond: number;
  /** kernel-read p99 ÷ the ceiling's p99: how many times slower the tail is. */
  p99: number;
}

/** A scenario that did not complete or answered wrongly: the run goes on and fails at the end. */
export interface ScenarioFailure {
  scenario: Scenario;
  message: string;
}

export interface BenchReport {
  timestamp: string;
  node: string;
  platform: string;
  cpus: number;
  /** A BENCH_SMOKE run: a check that everything answers, too short for figures to mean much. */
  smoke: boolean;
  database: { kind: 'embedded' | 'postgres'; describe: string };
  settings: { connections: number; warmupSeconds: number; durationSeconds: number };
  wallSeconds: number;
  scenarios: ScenarioResult[];
  failures: ScenarioFailure[];
  /** Null when either side of the ratio failed. */
  ratios: {
    kernelVsHello: Ratio | null;
    kernelVsPg: Ratio | null;
    siteCachedVsHello: Ratio | null;
    siteRenderVsHello: Ratio | null;
    lmsCompleteVsHello: Ratio | null;
    lmsRosterVsHello: Ratio | null;
    shopProductsVsHello: Ratio | null;
    shopQuoteVsHello: Ratio | null;
  };
  /** The LMS scenarios' data: roster size, seconds spent seeding it, students and units toggled. */
  lms: { rosterStudents: number; seedSeconds: number; students: number; units: number };
  /** JavaScript a content page of the default theme loads, gzipped (from its build's size report). */
  contentPageJsGzipBytes: number | null;
}

const MB = 1024 * 1024;
export const toMb = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export function ratio(kernel: ScenarioResult | undefined, ceiling: ScenarioResult | undefined): Ratio | null {
  if (kernel === undefined || ceiling === undefined) return null;
  return {
    requestsPerSecond: round(kernel.requestsPerSecond / ceiling.requestsPerSecond, 3),
    p99: round(kernel.p99Ms / Math.max(ceiling.p99Ms, 0.001), 2),
  };
}

/** "req/s 0.123x, p99 4.56x", or why there is no ratio. */
function ratioText(r: Ratio | null): string {
  return r === null ? 'n/a (a scenario failed)' : `req/s ${r.requestsPerSecond.toFixed(3)}x, p99 ${r.p99.toFixed(2)}x`;
}

export function formatReport(report: BenchReport): string {
  const { settings, ratios, lms } = report;
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'RSS MB', 'idle RSS MB', 'peak RSS MB'];
  const rows = report.scenarios.map((s) => [
    s.scenario,
    Math.round(s.requestsPerSecond).toLocaleString('en-US'),
    s.p50Ms.toFixed(2),
    s.p99Ms.toFixed(2),
    s.rssMb.toFixed(1),
    s.idleRssMb.toFixed(1),
    s.peakRssMb.toFixed(1),
  ]);
  const failedRows = report.failures.map((f) => [f.scenario, 'FAILED', '-', '-', '-', '-', '-']);
  const widths = header.map((h, i) => Math.max(h.length, ...[...rows, ...failedRows].map((r) => (r[i] ?? '').length)));
  // First column left-aligned (names), the numbers right-aligned.
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const roster = report.scenarios.find((s) => s.scenario === 'lms-roster');
  const rosterLine =
    roster === undefined || ratios.lmsRosterVsHello === null
      ? `lms-roster first page of ${lms.rosterStudents.toLocaleString('en-US')} students: n/a (a scenario failed)`
      : `lms-roster first page of ${lms.rosterStudents.toLocaleString('en-US')} students: p99 ${roster.p99Ms.toFixed(2)} ms, ${Math.round(roster.requestsPerSecond).toLocaleString('en-US')} req/s (req/s ${ratios.lmsRosterVsHello.requestsPerSecond.toFixed(3)}x fastify-hello)`;
  return [
    '',
    `Lectern bench${report.smoke ? ' SMOKE (a check that every scenario answers, not a measurement)' : ''}: ${report.database.describe}, Node ${report.node}, ${report.cpus} CPUs`,
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per scenario, ${report.wallSeconds} s in all`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...failedRows.map(line),
    '',
    `kernel-read / fastify-hello: ${ratioText(ratios.kernelVsHello)}`,
    `kernel-read / fastify-pg:    ${ratioText(ratios.kernelVsPg)}`,
    `site-cached / fastify-hello: ${ratioText(ratios.siteCachedVsHello)}  (home page from the page cache)`,
    `site-render / fastify-hello: ${ratioText(ratios.siteRenderVsHello)}  (home page rendered on every request)`,
    `lms-complete / fastify-hello: ${ratioText(ratios.lmsCompleteVsHello)}  (${lms.students} students × ${lms.units} units, complete then un-complete)`,
    rosterLine,
    `shop-products / fastify-hello: ${ratioText(ratios.shopProductsVsHello)}  (public products list, first page)`,
    `shop-quote / fastify-hello: ${ratioText(ratios.shopQuoteVsHello)}  (a cart priced with a coupon)`,
    lms.students === 0
      ? 'LMS data: none reported (the LMS scenarios failed)'
      : lms.seedSeconds > 0
        ? `LMS data: ${lms.rosterStudents.toLocaleString('en-US')} students seeded in ${lms.seedSeconds.toFixed(1)} s (during the lms-complete boot)`
        : 'LMS data: already seeded (reused database)',
    report.contentPageJsGzipBytes === null
      ? 'content page JavaScript: no size report (build the themes with npm run build)'
      : `content page JavaScript, gzipped: ${(report.contentPageJsGzipBytes / 1024).toFixed(1)} KB (aim: at most 80 KB)`,
    '',
    'RSS: after the load; idle: once answering, before it; peak: whole life (boot and seeding included).',
    'Every server runs under the tsx loader (about 30 MB of each RSS).',
    ...(report.database.kind === 'embedded' ? ['Embedded: every server but fastify-hello holds PGlite (the database itself) in its RSS.'] : []),
    ...(report.failures.length === 0
      ? []
      : ['', `${report.failures.length} scenario(s) FAILED:`, ...report.failures.map((f) => `  ${f.scenario}: ${f.message.split('\n')[0] ?? ''}`)]),
    '',
  ].join('\n');
}

/**
 * Writes the report next to this file (results/ is git-ignored) and returns where: a full run's
 * to latest.json, a smoke's to smoke.json, so CI's smoke never replaces the figures of a full run.
 */
export async function writeReport(report: BenchReport): Promise<string> {
  const folder = fileURLToPath(new URL('./results/', import.meta.url));
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, report.smoke ? 'smoke.json' : 'latest.json');
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
