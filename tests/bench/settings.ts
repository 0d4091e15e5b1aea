/** Knobs for one bench run, from the environment so CI and people can shorten or lengthen it. */
export interface BenchSettings {
  /** Measured seconds per scenario. */
  durationSeconds: number;
  /** Unmeasured seconds before each measurement: JIT, pools and caches warm up first. */
  warmupSeconds: number;
  connections: number;
  /** How long a server may take to boot (migrations and seeding included). */
  bootTimeoutMs: number;
}

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

export function loadBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  return {
    durationSeconds: readNumber(env, 'BENCH_DURATION', 8, 1, 600),
    warmupSeconds: readNumber(env, 'BENCH_WARMUP', 2, 0, 60),
    connections: Math.round(readNumber(env, 'BENCH_CONNECTIONS', 10, 1, 1000)),
    bootTimeoutMs: 90_000,
  };
}
