import type { Redis } from 'ioredis';
import type { CounterHit, CounterStore } from './counter-store.js';

// Counts and starts the window on the first hit, in one step, so concurrent hits on several
// instances never lose a count or leave a key without an expiry.
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Counters in Redis (REDIS_URL): shared by every instance, expiring with their window. */
export class RedisCounters implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    const [count, ttl] = (await this.redis.eval(HIT, 1, `${this.prefix}auth-limit:${key}`, Math.max(1, Math.round(windowMs)))) as [number, number];
    return { count, resetAt: Date.now() + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}auth-limit:${key}`);
  }
}
