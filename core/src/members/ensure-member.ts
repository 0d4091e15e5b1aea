import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { slugify } from '../accounts/account-admin.js';

/**
 * Makes the user a member of the account with its default role if they are not one yet (sign-up
 * and first sign-in on a site). Runs in the request transaction; returns true when it added them.
 */
export async function ensureMember(
  db: AnyDb,
  accountId: string,
  user: { id: string; email: string | null; display_name: string; avatar: string | null },
): Promise<boolean> {
  const base = slugify(user.display_name || user.email?.split('@')[0] || 'member');
  const result = await sql`
    INSERT INTO members (account_id, user_id, role_id, name, email, slug, avatar)
    SELECT ${accountId}, ${user.id}, r.id, ${user.display_name}, ${user.email}, 
           CASE WHEN EXISTS (SELECT 1 FROM members WHERE account_id = ${accountId} AND slug = ${base})
                THEN ${`${base}-${user.id.slice(0, 8)}`} ELSE ${base} END,
           ${user.avatar}
      FROM roles r
     WHERE r.account_id = ${accountId} AND r.is_default
    ON CONFLICT (account_id, user_id) DO NOTHING`.execute(db);
  return (result.numAffectedRows ?? 0n) > 0n;
}
