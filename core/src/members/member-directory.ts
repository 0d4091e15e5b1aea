import { TtlCache } from '../cache/ttl-cache.js';
import type { MessageBus } from '../cache/bus.js';
import type { AnyDb } from '../db/database.js';

export interface MemberInfo {
  userId: string;
  roleId: string;
  roleSlug: string;
  caps: ReadonlySet<string>;
}

const CHANNEL = 'members.changed';
/** SPEC §9 caches a member's role for 50 seconds; purges make changes visible at once anyway. */
const ROLE_CACHE_MS = 50_000;

/** Loads a member's role and capabilities inside the request transaction (RLS applies), cached. */
export class MemberDirectory {
  private readonly cache = new TtlCache<MemberInfo | null>(ROLE_CACHE_MS, 100_000);

  constructor(private readonly bus: MessageBus) {}

  async start(): Promise<void> {
    await this.bus.subscribe(CHANNEL, (message) => this.cache.deletePrefix(message));
  }

  async load(db: AnyDb, accountId: string, userId: string): Promise<MemberInfo | null> {
    const key = `${accountId}:${userId}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const row = await db
      .selectFrom('members as m')
      .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
      .select(['m.user_id', 'm.role_id', 'r.slug', 'r.caps'])
      .where('m.account_id', '=', accountId)
      .where('m.user_id', '=', userId)
      .executeTakeFirst();
    const info: MemberInfo | null =
      row === undefined
        ? null
        : { userId: row.user_id as string, roleId: row.role_id as string, roleSlug: row.slug as string, caps: new Set(row.caps as string[]) };
    this.cache.set(key, info);
    return info;
  }

  /**
   * The member from the cache when it has the answer; `load` (which may open a transaction just
   * for this) runs only on a miss.
   */
  async cachedOr(accountId: string, userId: string, load: () => Promise<MemberInfo | null>): Promise<MemberInfo | null> {
    const cached = this.cache.get(`${accountId}:${userId}`);
    return cached !== undefined ? cached : load();
  }

  /** Call after a member's role, a role's capabilities or membership changed. */
  async invalidate(accountId: string, userId?: string): Promise<void> {
    await this.bus.publish(CHANNEL, userId === undefined ? `${accountId}:` : `${accountId}:${userId}`);
  }
}
