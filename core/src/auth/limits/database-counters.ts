import { sql } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import type { CounterHit, CounterStore } from './counter-store.js';

/** Every this many hits an instance deletes the counters whose window passed long ago. */
const SWEEP_EVERY = 500;

/**
 * Counters in the global table auth_rate_counters, reached on the kernel's owner connection:
 * never inside a request's transaction, so a refused sign-in (which rolls its transaction back)
 * still counts. One upsert per hit; the row's window restarts once it has passed.
 */
export class DatabaseCounters implements CounterStore {
  private hits = 0;

  constructor(private readonly owner: AnyDb) {}

  async hit(key: string, windowMs: number): Promise<CounterHit> {
    if (++this.hits % SWEEP_EVERY === 0) {
      await this.owner
        .deleteFrom('auth_rate_counters')
        .where('reset_at', '<', sql<Date>`now() - interval '1 hour'`)
        .execute();
    }
    const windowEnd = sql<Date>`now() + make_interval(secs => ${windowMs / 1000})`;
    const row = await this.owner
      .insertInto('auth_rate_counters')
      .values({ key, count: 1, reset_at: windowEnd })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN auth_rate_counters.reset_at <= now() THEN 1 ELSE auth_rate_counters.count + 1 END`,
          reset_at: sql<Date>`CASE WHEN auth_rate_counters.reset_at <= now() THEN ${windowEnd} ELSE auth_rate_counters.reset_at END`,
        }),
      )
      .returning(['count', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: new Date(row.reset_at as Date).getTime() };
  }

  async reset(key: string): Promise<void> {
    await this.owner.deleteFrom('auth_rate_counters').where('key', '=', key).execute();
  }
}
