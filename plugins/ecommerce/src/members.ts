import type { AnyDb, Kysely } from '@lectern/sdk';

/** The kernel's member columns the shop reads (SPEC §3 Member: name, email), through the app role. */
export interface MembersTable {
  account_id: string;
  user_id: string;
  name: string;
  email: string | null;
}

/** The member's name and email on this site, or null for someone who is not a member. */
export async function memberContact(db: AnyDb, accountId: string, userId: string): Promise<{ name: string; email: string } | null> {
  const row = await (db as unknown as Kysely<{ members: MembersTable }>)
    .selectFrom('members')
    .select(['name', 'email'])
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined ? null : { name: row.name, email: row.email ?? '' };
}
