import { Type, type Static } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { currentMonth } from '../mail/outbox.js';
import type { Wire } from '../schema/kit.js';

/** How many months a usage history may reach back (two years: the longest plan period and its renewal). */
export const HISTORY_MAX_MONTHS = 24;
export const HISTORY_DEFAULT_MONTHS = 12;

export const HistoryQuery = Type.Object(
  { months: Type.Optional(Type.Integer({ minimum: 1, maximum: HISTORY_MAX_MONTHS, default: HISTORY_DEFAULT_MONTHS })) },
  { additionalProperties: false },
);

/** One calendar month (UTC) of the monthly meters of SPEC §9; a month with nothing used is all zeros. */
export const UsageMonth = Type.Object(
  {
    period: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}$', description: 'YYYY-MM' }),
    mau: Type.Integer(),
    emails: Type.Integer(),
    ai_tokens: Type.Integer(),
    chats: Type.Integer(),
    email_verifications: Type.Integer(),
    notifications: Type.Integer(),
    jitsi: Type.Integer(),
  },
  { additionalProperties: false },
);
export const UsageHistory = Type.Object({ months: Type.Array(UsageMonth) }, { additionalProperties: false });
export type UsageMonthWire = Wire<Static<typeof UsageMonth>>;
/** GET /api/account/billing/usage-history, as the billing page receives it. */
export type UsageHistoryWire = Wire<Static<typeof UsageHistory>>;

/** The `count` months ending with this one, oldest first ('2026-01' … '2026-11'). */
export function lastMonths(count: number, now = new Date()): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) months.push(currentMonth(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))));
  return months;
}

const COUNTER_FIELDS = {
  mau: 'mau',
  aitokens: 'ai_tokens',
  chats: 'chats',
  emailverifications: 'email_verifications',
  notifications: 'notifications',
  jitsi: 'jitsi',
} as const satisfies Record<string, keyof Static<typeof UsageMonth>>;

/**
 * An account's monthly meters over the last `count` months, from the counters the work keeps
 * (usage_counters) and the outbox's monthly mail count (mail_usage): one query, each side on its
 * primary key led by account_id.
 */
export async function usageHistory(db: AnyDb, accountId: string, count: number, now = new Date()): Promise<Static<typeof UsageMonth>[]> {
  const periods = lastMonths(count, now);
  const from = periods[0] as string;
  const { rows } = await sql<{ period: string; meter: string; value: string | number }>`
    SELECT period, meter, value FROM usage_counters WHERE account_id = ${accountId} AND period >= ${from}
    UNION ALL
    SELECT month AS period, 'emails' AS meter, count AS value FROM mail_usage WHERE account_id = ${accountId} AND month >= ${from}`.execute(db);
  const byPeriod = new Map(
    periods.map((period) => [
      period,
      { period, mau: 0, emails: 0, ai_tokens: 0, chats: 0, email_verifications: 0, notifications: 0, jitsi: 0 } as Static<typeof UsageMonth>,
    ]),
  );
  for (const row of rows) {
    const month = byPeriod.get(row.period);
    if (month === undefined) continue;
    const field =
      row.meter === 'emails' ? 'emails' : (COUNTER_FIELDS as Record<string, (typeof COUNTER_FIELDS)[keyof typeof COUNTER_FIELDS] | undefined>)[row.meter];
    if (field !== undefined) month[field] += Number(row.value);
  }
  return [...byPeriod.values()];
}
