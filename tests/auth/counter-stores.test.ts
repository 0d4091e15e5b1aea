import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import type { CounterStore } from '../../core/src/auth/limits/counter-store.js';
import { clientKey } from '../../core/src/auth/limits/client-key.js';
import { DatabaseCounters } from '../../core/src/auth/limits/database-counters.js';
import { MemoryCounters } from '../../core/src/auth/limits/memory-counters.js';
import { RedisCounters } from '../../core/src/auth/limits/redis-counters.js';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

/** The stores the sign-in limits count in (shared: database, Redis; per instance: memory), held to the same contract. */
describe('sign-in limit counters', () => {
  let t: TestKernel;
  let redis: Redis;
  const stores: Record<string, () => CounterStore> = {};
  beforeAll(async () => {
    t = await createTestKernel();
    redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    stores.database = () => new DatabaseCounters(t.kernel.database.owner);
    stores.redis = () => new RedisCounters(redis, `counters-${randomBytes(4).toString('hex')}:`);
    stores.memory = () => new MemoryCounters();
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  for (const name of ['database', 'redis', 'memory']) {
    it(`${name}: counts hits per key in a window, and forgets a key on reset`, async () => {
      const store = stores[name]!();
      const hits = [];
      for (let i = 0; i < 3; i++) hits.push(await store.hit('a', MINUTE));
      expect(hits.map((h) => h.count)).toEqual([1, 2, 3]);
      expect(hits[2]!.resetAt).toBeGreaterThan(Date.now() + MINUTE / 2);
      expect(hits[2]!.resetAt).toBeLessThanOrEqual(Date.now() + MINUTE + 1000);
      expect((await store.hit('b', MINUTE)).count).toBe(1);
      await store.reset('a');
      expect((await store.hit('a', MINUTE)).count).toBe(1);
    });

    it(`${name}: concurrent hits never lose a count`, async () => {
      const store = stores[name]!();
      const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit('burst', MINUTE)));
      expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });
  }

  it('database: a window that has passed starts again at 1, and old windows are swept', async () => {
    const store = stores.database!();
    const owner = t.kernel.database.owner;
    await store.hit('passed', MINUTE);
    await store.hit('passed', MINUTE);
    await owner
      .updateTable('auth_rate_counters')
      .set({ reset_at: sql`now() - interval '2 hours'` })
      .where('key', '=', 'passed')
      .execute();
    expect((await store.hit('passed', MINUTE)).count).toBe(1);

    await owner
      .insertInto('auth_rate_counters')
      .values({ key: 'stale', count: 9, reset_at: sql`now() - interval '2 hours'` })
      .execute();
    for (let i = 0; i < 500; i++) await store.hit('sweeper', MINUTE);
    expect(await owner.selectFrom('auth_rate_counters').select('key').where('key', '=', 'stale').executeTakeFirst()).toBeUndefined();
  });

  it('redis: a key expires with its window', async () => {
    const store = stores.redis!();
    expect((await store.hit('short', 50)).count).toBe(1);
    const deadline = Date.now() + 5000;
    let count = (await store.hit('short', 50)).count;
    while (count !== 1 && Date.now() < deadline) count = (await store.hit('short', 50)).count;
    expect(count).toBe(1);
  });

  it('memory: keeps at most its number of keys, dropping passed windows first, then the oldest', async () => {
    const store = new MemoryCounters(10);
    const old = await store.hit('old', 1);
    for (let i = 0; i < 9; i++) await store.hit(`live-${i}`, MINUTE);
    // Full: the passed window goes first, the live counts stay.
    while (Date.now() <= old.resetAt) await new Promise<void>((resolve) => setImmediate(resolve));
    await store.hit('new', MINUTE);
    expect((await store.hit('live-0', MINUTE)).count).toBe(2);
    // A flood of distinct keys evicts the oldest, never grows past the bound.
    for (let i = 0; i < 50; i++) await store.hit(`flood-${i}`, MINUTE);
    expect((await store.hit('flood-49', MINUTE)).count).toBe(2);
    expect((await store.hit('live-0', MINUTE)).count).toBe(1);
  });
});

describe('the client a per-client limit counts', () => {
  it('is an IPv4 address as it is, an IPv6 address by its /64, and an IPv4-mapped address as its IPv4', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(clientKey('2001:0db8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(clientKey('2001:db8:5:7::1')).not.toBe(clientKey('2001:db8:5:6::1'));
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('not-an-address')).toBe('not-an-address');
  });
});
