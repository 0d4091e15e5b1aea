import type { Redis } from 'ioredis';
import type { AnyDb } from '../../db/database.js';
import { DatabaseCounters } from './database-counters.js';
import { RedisCounters } from './redis-counters.js';

export interface CounterHit {
  /** Events counted under the key in the current window, this one included. */
  count: number;
  /** When the current window ends (epoch milliseconds). */
  resetAt: number;
}

/**
 * Fixed-window counters shared by every kernel instance and kept across restarts: sign-in
 * attempts per client, password guesses per address, wrong one-time codes per address.
 */
export interface CounterStore {
  /** Counts one event under the key; a key whose window has passed starts again at 1. */
  hit(key: string, windowMs: number): Promise<CounterHit>;
  /** Forgets the key (a successful sign-in, a fresh code). */
  reset(key: string): Promise<void>;
}

/** Redis when the kernel has one (REDIS_URL), else the database the instances share. */
export function openCounterStore(input: { redis?: Redis; owner: AnyDb; prefix: string }): CounterStore {
  return input.redis !== undefined ? new RedisCounters(input.redis, input.prefix) : new DatabaseCounters(input.owner);
}
