/** Knobs for one bench run, from the environment so CI and people can shorten or lengthen it. */
export interface BenchSettings {
  /**
   * BENCH_SMOKE=1: CI's check that every scenario still boots and answers rightly (about a second
   * each, no warm-up, a small roster, the scenario groups side by side). Its numbers mean little;
   * its report is saved apart (results/smoke.json).
   */
  smoke: boolean;
  /** Measured seconds per scenario. */
  durationSeconds: number;
  /** Unmeasured seconds before each measurement: JIT, pools and caches warm up first. */
  warmupSeconds: number;
  connections: number;
  /** Students enrolled in the lms-roster course (issue 7: "the first page of a 100,000-student roster"). */
  rosterStudents: number;
  /** How long a server may take to boot (migrations and seeding included). */
  bootTimeoutMs: number;
}

/** The roster page the lms-roster scenario reads; the roster must fill it. */
export const ROSTER_PAGE = 20;
export const DEFAULT_ROSTER_STUDENTS = 100_000;
/** Enough students to fill a roster page and give every smoke connection its own student. */
const SMOKE_ROSTER_STUDENTS = 1_000;

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} (got "${raw}")`);
  }
  return value;
}

function readFlag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (['', '0', 'false', 'no'].includes(raw)) return false;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  throw new Error(`${name} must be 1 or 0 (got "${env[name]}")`);
}

/**
 * The run's settings: the full run's defaults, or the smoke's when BENCH_SMOKE is set; each knob
 * set on its own (BENCH_DURATION, BENCH_WARMUP, BENCH_CONNECTIONS, BENCH_ROSTER_STUDENTS) wins.
 * The runner hands the connections and the roster size to every server it starts, so both sides
 * of a scenario agree on them.
 */
export function loadBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const smoke = readFlag(env, 'BENCH_SMOKE');
  const connections = Math.round(readNumber(env, 'BENCH_CONNECTIONS', 10, 1, 1000));
  // Each connection of lms-complete acts as one of the roster's students.
  const rosterStudents = Math.round(
    readNumber(env, 'BENCH_ROSTER_STUDENTS', smoke ? SMOKE_ROSTER_STUDENTS : DEFAULT_ROSTER_STUDENTS, Math.max(ROSTER_PAGE, connections), 10_000_000),
  );
  return {
    smoke,
    durationSeconds: readNumber(env, 'BENCH_DURATION', smoke ? 1 : 8, 1, 600),
    warmupSeconds: readNumber(env, 'BENCH_WARMUP', smoke ? 0 : 2, 0, 60),
    connections,
    rosterStudents,
    bootTimeoutMs: 90_000,
  };
}

/** What a server process needs of the settings, as its environment. */
export function settingsEnv(settings: BenchSettings): Record<string, string> {
  return { BENCH_CONNECTIONS: String(settings.connections), BENCH_ROSTER_STUDENTS: String(settings.rosterStudents) };
}
