import { appError, sql, type DbHandle } from '@lectern/sdk';
import { marketingDb, type ContactSettings, type ContactStatus } from '../db/tables.js';
import { Errors } from '../errors.js';

export interface ContactRow {
  id: string;
  email: string;
  name: string;
  status: ContactStatus;
  tags: string[];
  settings: ContactSettings;
  fields: Record<string, string>;
  created_at: Date;
}

export const CONTACT_COLUMNS = ['id', 'email', 'name', 'status', 'tags', 'settings', 'fields', 'created_at'] as const;

/** Refuses list ids that are not this site's (row-level security hides other sites' lists: they read as unknown). */
export async function assertLists(db: DbHandle, accountId: string, listIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(listIds)];
  if (wanted.length === 0) return;
  const found = await marketingDb(db).selectFrom('marketing_lists').select('id').where('account_id', '=', accountId).where('id', 'in', wanted).execute();
  const known = new Set(found.map((row) => row.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) throw appError(Errors.listsUnknown, undefined, { list_ids: unknown });
}

/** Adds contacts to lists; links already there stay as they were. */
export async function link(db: DbHandle, accountId: string, contactIds: readonly string[], listIds: readonly string[]): Promise<void> {
  const rows = contactIds.flatMap((contact_id) => [...new Set(listIds)].map((list_id) => ({ account_id: accountId, list_id, contact_id })));
  if (rows.length === 0) return;
  await marketingDb(db)
    .insertInto('marketing_list_links')
    .values(rows)
    .onConflict((oc) => oc.columns(['account_id', 'list_id', 'contact_id']).doNothing())
    .execute();
}

/** The list ids of each contact, in one query (no query per contact). */
export async function listsOf(db: DbHandle, accountId: string, contactIds: readonly string[]): Promise<Map<string, string[]>> {
  const byContact = new Map<string, string[]>(contactIds.map((id) => [id, []]));
  if (contactIds.length === 0) return byContact;
  const links = await marketingDb(db)
    .selectFrom('marketing_list_links')
    .select(['contact_id', 'list_id'])
    .where('account_id', '=', accountId)
    .where('contact_id', 'in', [...contactIds])
    .orderBy('created_at')
    .execute();
  for (const row of links) byContact.get(row.contact_id)?.push(row.list_id);
  return byContact;
}

export interface NewContactRow {
  email: string;
  name: string;
}

/**
 * Makes contacts, or finds the ones the site has for these addresses (any case) and adds what is
 * new: a name where they had none, tags they lacked. Their status and source stay as they were (an
 * unsubscribed contact stays so). One statement for any number of rows; addresses must be distinct.
 * Answers each row and whether it was made now.
 */
export async function upsertContacts(
  db: DbHandle,
  accountId: string,
  rows: readonly NewContactRow[],
  common: { tags: readonly string[]; settings: ContactSettings; status: ContactStatus },
): Promise<Array<{ contact: ContactRow; created: boolean }>> {
  if (rows.length === 0) return [];
  const written = await marketingDb(db)
    .insertInto('marketing_contacts')
    .values(
      rows.map((row) => ({
        account_id: accountId,
        email: row.email,
        name: row.name,
        status: common.status,
        tags: [...new Set(common.tags)],
        settings: JSON.stringify(common.settings),
      })),
    )
    .onConflict((oc) =>
      oc.expression(sql`account_id, lower(email)`).doUpdateSet({
        name: sql<string>`CASE WHEN marketing_contacts.name = '' THEN excluded.name ELSE marketing_contacts.name END`,
        tags: sql<string[]>`ARRAY(SELECT DISTINCT t FROM unnest(marketing_contacts.tags || excluded.tags) AS t ORDER BY t)`,
        updated_at: new Date(),
      }),
    )
    .returning([...CONTACT_COLUMNS, sql<boolean>`xmax = 0`.as('inserted')])
    .execute();
  return written.map(({ inserted, ...contact }) => ({ contact: contact as ContactRow, created: inserted }));
}

/** One contact made or merged as upsertContacts does. */
export async function upsertContact(
  db: DbHandle,
  accountId: string,
  input: NewContactRow & { tags: readonly string[]; settings: ContactSettings; status: ContactStatus },
): Promise<{ contact: ContactRow; created: boolean }> {
  const [result] = await upsertContacts(db, accountId, [input], input);
  return result!;
}
