import { sanitizeDocument, type DbHandle, type PuckDocument } from '@lectern/sdk';
import { marketingDb } from '../db/tables.js';
import { DEFAULT_POPUP_RULES, type PopupRules } from './rules.js';

export const EMPTY_DOCUMENT: PuckDocument = { root: { props: {} }, content: [] };

/** Stored rules over the defaults, so a popup saved before a rule existed reads the rule's default. */
export function rulesOf(stored: Partial<PopupRules> | null | undefined): PopupRules {
  return { ...DEFAULT_POPUP_RULES, ...(stored ?? {}), pages: { ...DEFAULT_POPUP_RULES.pages, ...(stored?.pages ?? {}) } };
}

/** A document with at least one block (zones included). */
export const hasBlocks = (document: PuckDocument): boolean =>
  document.content.length > 0 || Object.values(document.zones ?? {}).some((zone) => zone.length > 0);

/** The document as stored: HTML props cleaned, size bounded (the kernel's rules for pages). */
export const storedDocument = (document: PuckDocument): string => JSON.stringify(sanitizeDocument(document));

export interface PopupView {
  id: string;
  name: string;
  status: 'draft' | 'published';
  document: PuckDocument;
  rules: PopupRules;
  created_at: string;
  updated_at: string;
}

/** The site's popups, newest change first (or the one asked for). */
export async function listPopups(db: DbHandle, accountId: string, id?: string): Promise<PopupView[]> {
  let query = marketingDb(db).selectFrom('marketing_popups').selectAll().where('account_id', '=', accountId);
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id').limit(200).execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    document: row.document,
    rules: rulesOf(row.rules),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  }));
}
