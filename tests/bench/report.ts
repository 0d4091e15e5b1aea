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

export interface BenchReport {
  timestamp: string;
  node: string;
  platform: string;
  cpus: number;
  database: { kind: 'embedded' | 'postgres'; describe: string };
  settings: { connections: number; warmupSeconds: number; durationSeconds: number };
  wallSeconds: number;
  scenarios: ScenarioResult[];
  ratios: {
    kernelVsHello: Ratio;
    kernelVsPg: Ratio;
    siteCachedVsHello: Ratio;
    siteRenderVsHello: Ratio;
    lmsCompleteVsHello: Ratio;
    lmsRosterVsHello: Ratio;
    shopProductsVsHello: Ratio;
    shopQuoteVsHello: Ratio;
  };
  /** The LMS scenarios' data: roster size, seconds spent seeding it, students and units toggled. */
  lms: { rosterStudents: number; seedSeconds: number; students: number; units: number };
  /** JavaScript a content page of the default theme loads, gzipped (from its build's size report). */
  contentPageJsGzipBytes: number | null;
}

const MB = 1024 * 1024;
export const toMb = (bytes: number): number => Math.round((bytes / MB) * 10) / 10;
const round = (value: number, digits: number): number => Number(value.toFixed(digits));

export function ratio(kernel: ScenarioResult, ceiling: ScenarioResult): Ratio {
  return {
    requestsPerSecond: round(kernel.requestsPerSecond / ceiling.requestsPerSecond, 3),
    p99: round(kernel.p99Ms / Math.max(ceiling.p99Ms, 0.001), 2),
  };
}

export function formatReport(report: BenchReport): string {
  const { settings } = report;
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
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  // First column left-aligned (names), the numbers right-aligned.
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const { kernelVsHello: h, kernelVsPg: p } = report.ratios;
  const { lms } = report;
  const roster = report.scenarios.find((s) => s.scenario === 'lms-roster');
  return [
    '',
    `Lectern bench: ${report.database.describe}, Node ${report.node}, ${report.cpus} CPUs`,
    `${settings.connections} connections, ${settings.warmupSeconds} s warm-up + ${settings.durationSeconds} s measured per scenario`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `kernel-read / fastify-hello: req/s ${h.requestsPerSecond.toFixed(3)}x, p99 ${h.p99.toFixed(2)}x`,
    `kernel-read / fastify-pg:    req/s ${p.requestsPerSecond.toFixed(3)}x, p99 ${p.p99.toFixed(2)}x`,
    `site-cached / fastify-hello: req/s ${report.ratios.siteCachedVsHello.requestsPerSecond.toFixed(3)}x, p99 ${report.ratios.siteCachedVsHello.p99.toFixed(2)}x  (home page from the page cache)`,
    `site-render / fastify-hello: req/s ${report.ratios.siteRenderVsHello.requestsPerSecond.toFixed(3)}x, p99 ${report.ratios.siteRenderVsHello.p99.toFixed(2)}x  (home page rendered on every request)`,
    `lms-complete / fastify-hello: req/s ${report.ratios.lmsCompleteVsHello.requestsPerSecond.toFixed(3)}x, p99 ${report.ratios.lmsCompleteVsHello.p99.toFixed(2)}x  (${lms.students} students × ${lms.units} units, complete then un-complete)`,
    `lms-roster first page of ${lms.rosterStudents.toLocaleString('en-US')} students: p99 ${roster?.p99Ms.toFixed(2) ?? '?'} ms, ${Math.round(roster?.requestsPerSecond ?? 0).toLocaleString('en-US')} req/s (req/s ${report.ratios.lmsRosterVsHello.requestsPerSecond.toFixed(3)}x fastify-hello)`,
    `shop-products / fastify-hello: req/s ${report.ratios.shopProductsVsHello.requestsPerSecond.toFixed(3)}x, p99 ${report.ratios.shopProductsVsHello.p99.toFixed(2)}x  (public products list, first page)`,
    `shop-quote / fastify-hello: req/s ${report.ratios.shopQuoteVsHello.requestsPerSecond.toFixed(3)}x, p99 ${report.ratios.shopQuoteVsHello.p99.toFixed(2)}x  (a cart priced with a coupon)`,
    lms.seedSeconds > 0 ? `LMS data: ${lms.rosterStudents.toLocaleString('en-US')} students seeded in ${lms.seedSeconds.toFixed(1)} s (during the lms-complete boot)` : 'LMS data: already seeded (reused database)',
    report.contentPageJsGzipBytes === null
      ? 'content page JavaScript: no size report (build the themes with npm run build)'
      : `content page JavaScript, gzipped: ${(report.contentPageJsGzipBytes / 1024).toFixed(1)} KB (aim: at most 80 KB)`,
    '',
    'RSS: after the load; idle: once answering, before it; peak: whole life (boot and seeding included).',
    'Every server runs under the tsx loader (about 30 MB of each RSS).',
    ...(report.database.kind === 'embedded' ? ['Embedded: every server but fastify-hello holds PGlite (the database itself) in its RSS.'] : []),
    '',
  ].join('\n');
}

/** Writes the report next to this file (results/ is git-ignored) and returns where. */
export async function writeReport(report: BenchReport): Promise<string> {
  const folder = fileURLToPath(new URL('./results/', import.meta.url));
  await fs.mkdir(folder, { recursive: true });
  const file = path.join(folder, 'latest.json');
  await fs.writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
