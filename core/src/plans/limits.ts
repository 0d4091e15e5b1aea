import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
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
