import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { currentMonth } from '../mail/outbox.js';
import type { CountedMeter } from '../usage/meters.js';
import { planLimit, type PlanLimits } from './catalogue.js';
import { planLimitError } from './limits.js';

/** Limits on how many of a thing a site holds at once; the plugin that owns the thing counts it. */
export type HeldLimit = 'courses' | 'groups' | 'funnels';

/** Monthly allowances metered in usage_counters, with the plan limit each is held to (SPEC §9). */
const METERED_LIMITS = {
  chats: 'chats',
  aitokens: 'ai_tokens',
  emailverifications: 'email_verify',
} as const satisfies Partial<Record<CountedMeter, keyof PlanLimits>>;

export type MeteredAllowance = keyof typeof METERED_LIMITS;

/**
 * What a plugin may ask about a month's allowance: the metered ones, and `emails` (the plan's
 * monthlyEmails, counted by the kernel's outbox as each message is queued, never by the plugin).
 */
export type MonthlyAllowance = MeteredAllowance | 'emails';

/** What a plugin's limit check works in: the caller's transaction and the account it serves. */
export interface PlanScope {
  readonly db: AnyDb;
  readonly account: { readonly id: string; readonly plan: string };
}

/** Words for the refusal ("The site's plan allows 3 funnels…"). */
const HELD_WORDS: Record<HeldLimit, string> = { courses: 'courses', groups: 'groups', funnels: 'funnels' };
const METERED_WORDS: Record<MeteredAllowance, string> = {
  chats: 'chat messages a month',
  aitokens: 'AI tokens a month',
  emailverifications: 'e-mail verifications a month',
};
const MONTHLY_WORDS: Record<MonthlyAllowance, string> = { ...METERED_WORDS, emails: 'e-mails a month' };

function monthlyLimitOf(account: { readonly plan: string }, allowance: MonthlyAllowance): number {
  return allowance === 'emails' ? planLimit(account.plan, 'monthlyEmails') : limitOf(account, allowance);
}

async function monthlyUse(db: AnyDb, accountId: string, allowance: MonthlyAllowance): Promise<number> {
  if (allowance !== 'emails') return usedThisMonth(db, accountId, allowance);
  const { rows } = await sql<{ count: number }>`SELECT count FROM mail_usage WHERE account_id = ${accountId} AND month = ${currentMonth()}`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/**
 * SPEC §9's plan limits as a plugin meets them where its work happens (Plugin API v1). Each refusal
 * is the kernel's `plan_limit_reached` naming the limit, its size, what is used and the way to a
 * bigger plan, so every plugin's limit reads the same in the dashboard.
 */
export interface PluginLimits {
  /** The size of a limit on the account's plan (0 for an unknown plan). */
  of(account: { readonly plan: string }, limit: HeldLimit | MeteredAllowance): number;
  /**
   * Refuses one more of a thing the site holds (a group, a funnel, a course). Takes a per-account
   * lock for the limit in the caller's transaction before `count` runs, so two creations at the last
   * place cannot both pass; call it in the transaction that adds the thing.
   */
  assertRoom(scope: PlanScope, limit: HeldLimit, count: () => Promise<number>): Promise<void>;
  /**
   * Uses `amount` of a monthly allowance (chat messages, AI tokens, e-mail verifications): counted
   * in the caller's transaction (work that rolls back is not counted) when it fits the month's
   * allowance, refused as a whole otherwise. Resolves to what is used this month, this included.
   */
  consume(scope: PlanScope, allowance: MeteredAllowance, amount?: number): Promise<{ used: number; max: number }>;
  /** This month's use of an allowance and its size. */
  usage(scope: PlanScope, allowance: MonthlyAllowance): Promise<{ used: number; max: number }>;
  /**
   * Refuses work that would need `amount` more of an allowance than the month has left (a campaign
   * to 2,000 contacts with 1,500 e-mails left), with the same refusal as `consume`, and uses none
   * of it: what is used is counted where it happens (the outbox counts each e-mail as it is queued).
   */
  assertFits(scope: PlanScope, allowance: MonthlyAllowance, amount: number): Promise<{ used: number; max: number }>;
}

function limitOf(account: { readonly plan: string }, limit: HeldLimit | MeteredAllowance): number {
  return planLimit(account.plan, limit in METERED_LIMITS ? METERED_LIMITS[limit as MeteredAllowance] : (limit as HeldLimit));
}

async function usedThisMonth(db: AnyDb, accountId: string, meter: MeteredAllowance): Promise<number> {
  const { rows } = await sql<{ value: string }>`
    SELECT value FROM usage_counters WHERE account_id = ${accountId} AND period = ${currentMonth()} AND meter = ${meter}`.execute(db);
  return Number(rows[0]?.value ?? 0);
}

export function pluginLimits(): PluginLimits {
  return {
    of: limitOf,
    async assertRoom(scope, limit, count) {
      const max = limitOf(scope.account, limit);
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`limit:${limit}:${scope.account.id}`}))`.execute(scope.db);
      const used = await count();
      if (used >= max) throw planLimitError(limit, max, used, HELD_WORDS[limit]);
    },
    async consume(scope, allowance, amount = 1) {
      if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('consume: amount must be a positive whole number');
      const max = limitOf(scope.account, allowance);
      const refuse = async () => planLimitError(allowance, max, await usedThisMonth(scope.db, scope.account.id, allowance), METERED_WORDS[allowance]);
      if (amount > max) throw await refuse();
      // One statement adds the amount only while the month's total stays within the allowance,
      // so two consumers at the edge cannot both pass.
      const { rows } = await sql<{ value: string }>`
        INSERT INTO usage_counters AS u (account_id, period, meter, value)
        VALUES (${scope.account.id}, ${currentMonth()}, ${allowance}, ${amount})
        ON CONFLICT (account_id, period, meter) DO UPDATE SET value = u.value + EXCLUDED.value
          WHERE u.value + EXCLUDED.value <= ${max}
        RETURNING value`.execute(scope.db);
      const row = rows[0];
      if (row === undefined) throw await refuse();
      return { used: Number(row.value), max };
    },
    async usage(scope, allowance) {
      return { used: await monthlyUse(scope.db, scope.account.id, allowance), max: monthlyLimitOf(scope.account, allowance) };
    },
    async assertFits(scope, allowance, amount) {
      const used = await monthlyUse(scope.db, scope.account.id, allowance);
      const max = monthlyLimitOf(scope.account, allowance);
      if (used + amount > max) throw planLimitError(allowance, max, used, MONTHLY_WORDS[allowance]);
      return { used, max };
    },
  };
}
