import { appError, Type, type DbHandle, type ErrorDefinition } from '@lectern/sdk';
import { marketingDb } from './tables.js';

/** What a delete answers. */
export const Deleted = Type.Object({ deleted: Type.Literal(true) });

/** Deletes one of the site's rows by id (what hangs from it goes by its foreign keys), or refuses with the table's not-found error. */
export async function removeById(
  db: DbHandle,
  table: 'marketing_lists' | 'marketing_contacts' | 'marketing_forms' | 'marketing_popups',
  accountId: string,
  id: string,
  missing: ErrorDefinition,
): Promise<{ deleted: true }> {
  const gone = await marketingDb(db).deleteFrom(table).where('account_id', '=', accountId).where('id', '=', id).returning('id').executeTakeFirst();
  if (gone === undefined) throw appError(missing);
  return { deleted: true };
}
