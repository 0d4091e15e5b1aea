import { defineTables, type ColumnType, type Generated, type PluginDb } from '@lectern/sdk';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

/**
 * SPEC §3 Mailing contact status: 1 active. The others are ours: 0 waits for its double opt-in
 * confirmation, 2 unsubscribed, 3 bounced; only active contacts are mailed.
 */
export const CONTACT_STATUS = { pending: 0, active: 1, unsubscribed: 2, bounced: 3 } as const;
export type ContactStatus = (typeof CONTACT_STATUS)[keyof typeof CONTACT_STATUS];

/** SPEC §3 Mailing contact settings: where the contact came from (an automation, a form, an import, by hand). */
export interface ContactSettings {
  source?: 'manual' | 'import' | 'form' | 'automation';
  form_id?: string;
}

export interface ListsTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  description: Generated<string>;
  /** New contacts confirm by e-mail before they are mailed (issue 19: optional per list). */
  double_opt_in: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ContactsTable {
  account_id: string;
  id: Generated<string>;
  /** As checked (domain lower-cased); unique per site whatever its case. */
  email: string;
  name: Generated<string>;
  status: Generated<ContactStatus>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  settings: Json<ContactSettings>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ListLinksTable {
  account_id: string;
  list_id: string;
  contact_id: string;
  created_at: Timestamp;
}

/** A row an import could not take: its line in the file, what it held, and why (format, a domain that takes no mail, …). */
export interface ImportReject {
  line: number;
  email: string;
  reason: string;
}

export type ImportStatus = 'queued' | 'running' | 'done' | 'failed';

/** A CSV import of contacts: what it was asked, how far it got, and the rows it refused. */
export interface ImportsTable {
  account_id: string;
  id: Generated<string>;
  status: Generated<ImportStatus>;
  /** The rows to take, as parsed when the file came in (line numbers kept for the report). */
  rows: Json<Array<{ line: number; email: string; name: string }>>;
  list_ids: Json<string[]>;
  tags: ColumnType<string[], string[] | undefined, string[]>;
  total: number;
  processed: Generated<number>;
  created_count: Generated<number>;
  updated_count: Generated<number>;
  rejects: Json<ImportReject[]>;
  created_by: string | null;
  created_at: Timestamp;
  finished_at: Date | null;
}

export interface MarketingTables {
  marketing_lists: ListsTable;
  marketing_contacts: ContactsTable;
  marketing_list_links: ListLinksTable;
  marketing_imports: ImportsTable;
}

export type MarketingDb = PluginDb<MarketingTables>;

export const MARKETING_TABLES = {
  marketing_lists: 'tenant',
  marketing_contacts: 'tenant',
  marketing_list_links: 'tenant',
  marketing_imports: 'tenant',
} as const;

/** A request's (or scope's) tenant transaction, typed with the marketing tables: row-level security applies. */
export const marketingDb = defineTables<MarketingTables>();
