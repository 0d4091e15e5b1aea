import type { DbHandle } from '@lectern/sdk';
import { shopDb } from './db/tables.js';

/** The member's name and email on this site (the SDK's members view, through the app role), or null for someone who is not a member. */
export async function memberContact(db: DbHandle, accountId: string, userId: string): Promise<{ name: string; email: string } | null> {
  const row = await shopDb(db)
    .selectFrom('members')
    .select(['name', 'email'])
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : { name: row.name, email: row.email ?? '' };
}
