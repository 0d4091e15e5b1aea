import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { assertRoomForMember } from '../plans/limits.js';
import { memberSlug } from './member-slug.js';

/** Whether the user is already a member of the account (checked before the member limit is). */
export async function isMember(db: AnyDb, accountId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('members').select('user_id').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Makes the user a member of the account with its default role if they are not one yet (sign-up
 * and first sign-in on a site), within the plan's member limit. Runs in the request transaction;
 * returns true when it added them.
 */
export async function ensureMember(
  db: AnyDb,
  account: { id: string; plan: string },
  user: { id: string; email: string | null; display_name: string; avatar: string | null },
): Promise<boolean> {
  const accountId = account.id;
  if (await isMember(db, accountId, user.id)) return false;
  await assertRoomForMember(db, account);
  const result = await sql`
    INSERT INTO members (account_id, user_id, role_id, name, email, slug, avatar)
    SELECT ${accountId}, ${user.id}, r.id, ${user.display_name}, ${user.email}, ${memberSlug(accountId, user)}, ${user.avatar}
      FROM roles r
     WHERE r.account_id = ${accountId} AND r.is_default
    ON CONFLICT (account_id, user_id) DO NOTHING`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}
