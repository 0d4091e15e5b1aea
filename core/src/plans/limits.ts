import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import { markActive } from '../usage/meters.js';
import { planLimit } from './catalogue.js';

/** Where an owner changes the plan: every limit's refusal points there. */
export const UPGRADE_PATH = '/dashboard/billing';

/** What a refusal at a plan limit carries, so a front end can say which limit and offer the upgrade. */
export interface LimitDetails {
  limit: string;
  max: number;
  used: number;
  upgrade: string;
}

/** The refusal of one more of something the plan counts: names the limit, its size and the way to a bigger plan. */
export function planLimitError(limit: string, max: number, used: number, what: string): AppError {
  const details: LimitDetails = { limit, max, used, upgrade: UPGRADE_PATH };
  return new AppError(
    Errors.planLimitReached,
    `The site's plan allows ${max.toLocaleString('en')} ${what}; the owner can upgrade the plan under Billing`,
    details,
  );
}

/**
 * Refuses a new member beyond the plan's `totalMembers` (SPEC §9). Counted under a per-account lock,
 * so two joins at the last place cannot both take it; call it only when the person is not a member
 * yet, in the transaction that adds them.
 */
export async function assertRoomForMember(db: AnyDb, account: { id: string; plan: string }): Promise<void> {
  const max = planLimit(account.plan, 'totalMembers');
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`members:${account.id}`}))`.execute(db);
  const { count } = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', account.id)
    .executeTakeFirstOrThrow();
  const used = Number(count);
  if (used >= max) throw planLimitError('totalMembers', max, used, 'members');
}

/** Whether the person manages the site (manage_options): limits on signing in never lock the owner out of billing. */
async function isManager(db: AnyDb, accountId: string, userId: string): Promise<boolean> {
  const manager = await db
    .selectFrom('members as m')
    .innerJoin('roles as r', (join) => join.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
    .select('m.user_id')
    .where('m.account_id', '=', accountId)
    .where('m.user_id', '=', userId)
    .where(sql<boolean>`r.caps @> '["manage_options"]'::jsonb`)
    .executeTakeFirst();
  return manager !== undefined;
}

/**
 * SPEC §9's monthly active users at sign-in: the first sign-in of a month counts the person once
 * (the `mau` meter), and a person who would be one more than the plan's `mau` is refused. Someone
 * already counted this month signs in again, a session kept alive across the month is counted
 * without refusal (token refresh), and the site's managers always get in. The counter's row lock
 * orders two newcomers at the last place.
 */
export async function markActiveWithinPlan(db: AnyDb, account: { id: string; plan: string }, userId: string): Promise<void> {
  const counted = await markActive(db, account.id, userId);
  if (counted === null) return;
  const max = planLimit(account.plan, 'mau');
  if (counted > max && !(await isManager(db, account.id, userId))) throw planLimitError('mau', max, counted - 1, 'monthly active people');
}

/**
 * SPEC §9's concurrent users (Starter 50, Professional 100, Dedicated 500): people signed in on the
 * site at once, counted as those with a session used within one access token's lifetime (an idle
 * session refreshes at least that often). A sign-in that would add one more person is refused;
 * someone already signed in elsewhere signs in again, and the site's managers always get in (the
 * owner must be able to reach billing to upgrade). Counted under a per-account lock.
 */
export async function assertRoomForSession(db: AnyDb, account: { id: string; plan: string }, userId: string, activeSeconds: number): Promise<void> {
  const max = planLimit(account.plan, 'concurrentUsers');
  if (await isManager(db, account.id, userId)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`sessions:${account.id}`}))`.execute(db);
  const active = await db
    .selectFrom('auth_sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([sql<number>`count(DISTINCT s.user_id)::int`.as('people'), sql<boolean>`bool_or(s.user_id = ${userId})`.as('mine')])
    .where('s.account_id', '=', account.id)
    .where('s.ended_at', 'is', null)
    .where('u.is_anonymous', '=', false)
    .where(sql<boolean>`coalesce(s.refreshed_at, s.created_at) > now() - make_interval(secs => ${activeSeconds})`)
    .executeTakeFirstOrThrow();
  if (active.mine === true) return;
  const used = Number(active.people);
  if (used >= max) throw planLimitError('concurrentUsers', max, used, 'people signed in at once');
}
