import { describe, expect, it } from 'vitest';
import { DEFAULT_ROSTER_STUDENTS, loadBenchSettings, settingsEnv } from './settings.js';

describe('bench settings', () => {
  it('a full run measures 2 s warm-up + 8 s on a 100,000-student roster', () => {
    expect(loadBenchSettings({})).toMatchObject({
      smoke: false,
      warmupSeconds: 2,
      durationSeconds: 8,
      connections: 10,
      rosterStudents: DEFAULT_ROSTER_STUDENTS,
    });
  });

  it('BENCH_SMOKE=1 runs a second per scenario, no warm-up, a small roster', () => {
    expect(loadBenchSettings({ BENCH_SMOKE: '1' })).toMatchObject({ smoke: true, warmupSeconds: 0, durationSeconds: 1, rosterStudents: 1_000 });
  });

  it('a knob set on its own wins over the smoke defaults', () => {
    const settings = loadBenchSettings({ BENCH_SMOKE: '1', BENCH_DURATION: '3', BENCH_ROSTER_STUDENTS: '250' });
    expect(settings).toMatchObject({ smoke: true, durationSeconds: 3, warmupSeconds: 0, rosterStudents: 250 });
  });

  it('refuses a roster that cannot fill a page or give every connection its own student', () => {
    expect(() => loadBenchSettings({ BENCH_ROSTER_STUDENTS: '19' })).toThrow(/BENCH_ROSTER_STUDENTS must be a number from 20/);
    expect(() => loadBenchSettings({ BENCH_CONNECTIONS: '50', BENCH_ROSTER_STUDENTS: '40' })).toThrow(/BENCH_ROSTER_STUDENTS must be a number from 50/);
    expect(() => loadBenchSettings({ BENCH_SMOKE: 'maybe' })).toThrow(/BENCH_SMOKE must be 1 or 0/);
  });

  it('a server process started with the runner’s environment agrees on connections and roster', () => {
    const runner = loadBenchSettings({ BENCH_SMOKE: '1', BENCH_CONNECTIONS: '4', BENCH_ROSTER_STUDENTS: '300' });
    // The child inherits the caller's environment, whatever it was, and the runner's knobs on top.
    const child = loadBenchSettings({ BENCH_ROSTER_STUDENTS: '99999', ...settingsEnv(runner) });
    expect({ connections: child.connections, rosterStudents: child.rosterStudents }).toEqual({ connections: 4, rosterStudents: 300 });
  });
});
