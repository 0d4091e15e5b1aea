import type { CounterHit, CounterStore } from './counter-store.js';

/** Keys one instance keeps at most; past it, windows that have passed go first, then the oldest. */
const MAX_KEYS = 100_000;

/**
 * Fixed-window counters in this instance's memory, for the auth API's high-volume reads (the
 * user, settings, keys, sign-out, token refresh): per-instance and lost on restart, which is
 * fine for limits that only keep one client from hogging an instance, and costs no database
 * round trip or Redis call on every request. Never fails.
 */
export class MemoryCounters implements CounterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly maxKeys = MAX_KEYS) {}

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.makeRoom(now);
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetAt: window.resetAt };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Drops passed windows, then (a flood of distinct clients) the oldest tenth, so a sweep is rare. */
  private makeRoom(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    const target = Math.floor(this.maxKeys * 0.9);
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}
