import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { currentMonth } from '../mail/outbox.js';

/**
 * SPEC §9's usage meters. `emails` is the outbox's own monthly count (mail_usage, which the mail
 * quota checks); storage, images and videos are what is stored now (storage_objects); the rest are
 * counters kept here, per account and calendar month (UTC), added to where the work happens.
 */
export const USAGE_METERS = ['mau', 'emails', 'aitokens', 'images', 'videos', 'storage', 'chats', 'notifications', 'emailverifications', 'jitsi'] as const;
export type UsageMeter = (typeof USAGE_METERS)[number];

/** The meters counted in usage_counters (the others have a source of their own). */
export type CountedMeter = Exclude<UsageMeter, 'emails' | 'images' | 'videos' | 'storage'>;

/**
 * Adds to a meter of the account for this month, in the caller's transaction (so work that rolls
 * back is not counted): one upsert on the counter's primary key. Resolves to the month's total.
 */
export async function recordUsage(db: AnyDb, accountId: string, meter: CountedMeter, amount = 1): Promise<number> {
  if (!Number.isFinite(amount) || amount <= 0) return 0;
  const { rows } = await sql<{ value: string }>`
    INSERT INTO usage_counters AS u (account_id, period, meter, value) VALUES (${accountId}, ${currentMonth()}, ${meter}, ${Math.round(amount)})
    ON CONFLICT (account_id, period, meter) DO UPDATE SET value = u.value + EXCLUDED.value
    RETURNING value`.execute(db);
  return Number(rows[0]?.value ?? 0);
}

/**
 * Notes that the user was active on the account this month (a sign-in, a refreshed session); the
 * first time in a month it adds one to `mau`. Resolves to the month's `mau` with them when this was
 * their first time, else null.
 */
export async function markActive(db: AnyDb, accountId: string, userId: string): Promise<number | null> {
  const inserted = await sql`
    INSERT INTO usage_active_users (account_id, period, user_id) VALUES (${accountId}, ${currentMonth()}, ${userId})
    ON CONFLICT DO NOTHING`.execute(db);
  const first = (inserted.numAffectedRows ?? 0n) > 0n;
  return first ? await recordUsage(db, accountId, 'mau') : null;
}

/** The counted meters of the account for a month (default: this one); a meter never used is 0. */
export async function readUsage(db: AnyDb, accountId: string, period = currentMonth()): Promise<Record<CountedMeter, number>> {
  const { rows } = await sql<{ meter: string; value: string | number }>`
    SELECT meter, value FROM usage_counters WHERE account_id = ${accountId} AND period = ${period}`.execute(db);
  const counted: Record<CountedMeter, number> = { mau: 0, aitokens: 0, chats: 0, notifications: 0, emailverifications: 0, jitsi: 0 };
  for (const row of rows) if (row.meter in counted) counted[row.meter as CountedMeter] = Number(row.value);
  return counted;
}
