import { defineTables, type ColumnType, type Generated, type PluginDb, type PuckDocument } from '@lectern/sdk';
import type { Answer, FormField } from '../forms/fields.js';
import type { PopupRules } from '../popups/rules.js';
import type { CampaignAudience, EmailBlock } from '../campaigns/blocks.js';

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
  source?: 'manual' | 'import' | 'form' | 'automation' | 'campaign';
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
  /** The contact's secret for its links (opt-in confirmation, unsubscribe, preferences). */
  token: Generated<string>;
  /** Custom fields: key → text (company, birthday, plan…). */
  fields: ColumnType<Record<string, string>, string | undefined, string>;
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

/** What a form does with a submission besides keeping it (issue 19 item 1). */
export interface FormSettings {
  /** Lists the person joins (by the form's e-mail field). */
  list_ids: string[];
  /** Tags their contact gains. */
  tags: string[];
  /** Shown after a submission (the site's own words when empty). */
  success_message: string;
  /** Where the visitor goes after a submission instead (a path on the site or an https address). */
  redirect_url: string | null;
  submit_label: string;
  /** Refuse text answers with words of SPEC §5's profanity list. */
  profanity_check: boolean;
}

export type FormStatus = 'draft' | 'published';

export interface FormsTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  status: Generated<FormStatus>;
  fields: Json<FormField[]>;
  settings: Json<FormSettings>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One visitor's answers to a form, as checked against its rules when sent. */
export interface SubmissionsTable {
  account_id: string;
  id: Generated<string>;
  form_id: string;
  answers: Json<Record<string, Answer>>;
  /** The address of the form's e-mail field, when it has one. */
  email: string | null;
  /** The contact the submission made or updated (lists and tags), when there was an address. */
  contact_id: string | null;
  /** The signed-in member who sent it. */
  user_id: string | null;
  created_at: Timestamp;
}

/** A popup (issue 19 item 2): a document designed in the visual editor and its display rules. */
export interface PopupsTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  status: Generated<FormStatus>;
  document: Json<PuckDocument>;
  rules: Json<PopupRules>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** How often a form was seen on the site, by day (UTC). */
export interface FormViewsTable {
  account_id: string;
  form_id: string;
  day: ColumnType<string, string, string>;
  views: Generated<number>;
}

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'sent' | 'stopped';

/** A campaign (issue 19 item 4): its message as e-mail blocks, whom it goes to, and where its sending is. */
export interface CampaignsTable {
  account_id: string;
  id: Generated<string>;
  name: string;
  subject: Generated<string>;
  /** The line mail programs show after the subject. */
  preheader: Generated<string>;
  blocks: ColumnType<EmailBlock[], string | undefined, string>;
  audience: ColumnType<CampaignAudience, string | undefined, string>;
  status: Generated<CampaignStatus>;
  scheduled_at: Timestamp | null;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  /** The site's address when the send was asked for: the links in the mail lead there. */
  origin: string | null;
  stop_reason: string | null;
  /** People the send was for (fixed when it starts). */
  recipients: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** SPEC-free, ours: 0 waiting, 1 sent, 2 skipped (unsubscribed or bounced meanwhile), 3 failed. */
export const RECIPIENT_STATUS = { queued: 0, sent: 1, skipped: 2, failed: 3 } as const;

export interface CampaignRecipientsTable {
  account_id: string;
  campaign_id: string;
  contact_id: string;
  email: string;
  name: Generated<string>;
  token: Generated<string>;
  status: Generated<number>;
  sent_at: Timestamp | null;
  opened_at: Timestamp | null;
  open_count: Generated<number>;
  clicked_at: Timestamp | null;
  click_count: Generated<number>;
}

export interface MarketingTables {
  marketing_lists: ListsTable;
  marketing_contacts: ContactsTable;
  marketing_list_links: ListLinksTable;
  marketing_imports: ImportsTable;
  marketing_forms: FormsTable;
  marketing_form_submissions: SubmissionsTable;
  marketing_popups: PopupsTable;
  marketing_form_views: FormViewsTable;
  marketing_campaigns: CampaignsTable;
  marketing_campaign_recipients: CampaignRecipientsTable;
}

export type MarketingDb = PluginDb<MarketingTables>;

export const MARKETING_TABLES = {
  marketing_lists: 'tenant',
  marketing_contacts: 'tenant',
  marketing_list_links: 'tenant',
  marketing_imports: 'tenant',
  marketing_forms: 'tenant',
  marketing_form_submissions: 'tenant',
  marketing_popups: 'tenant',
  marketing_form_views: 'tenant',
  marketing_campaigns: 'tenant',
  marketing_campaign_recipients: 'tenant',
} as const;

/** A request's (or scope's) tenant transaction, typed with the marketing tables: row-level security applies. */
export const marketingDb = defineTables<MarketingTables>();
