import { sql } from 'kysely';
import type { Kernel } from '@lectern/core';

/** A recorded automation event, flattened: its trigger, account and member, then its payload's fields. */
export interface RecordedTrigger {
  trigger: string;
  accountId: string;
  userId: string | null;
  [field: string]: unknown;
}

export interface RecordedTriggers {
  /** Forgets the events recorded so far (list() then returns only later ones). */
  clear(): Promise<void>;
  /** Events of every account recorded since the last clear(), oldest first. */
  list(): Promise<RecordedTrigger[]>;
}

/**
 * The automation events plugins raised, as tests assert them: read from the engine's table (they
 * are recorded in the transaction of the change, so a committed change has its events already).
 */
export function recordedTriggers(kernel: Kernel): RecordedTriggers {
  let since = '-infinity';
  return {
    async clear() {
      const { rows } = await kernel.withSystem('test: mark the automation events', (db) =>
        sql<{ now: string }>`SELECT clock_timestamp()::text AS now`.execute(db),
      );
      since = rows[0]?.now ?? since;
    },
    async list() {
      const { rows } = await kernel.withSystem('test: read the automation events', (db) =>
        sql<{ account_id: string; trigger_type: string; user_id: string | null; payload: Record<string, unknown> }>`
          SELECT account_id, trigger_type, user_id, payload FROM automation_events
           WHERE created_at > ${since}::timestamptz ORDER BY created_at, id`.execute(db),
      );
      return rows.map((row) => ({ trigger: row.trigger_type, accountId: row.account_id, userId: row.user_id, ...row.payload }));
    },
  };
}
