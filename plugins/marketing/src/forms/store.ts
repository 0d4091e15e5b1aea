import { containsPattern, sql, type DbHandle } from '@lectern/sdk';
import { marketingDb, type FormSettings, type FormStatus } from '../db/tables.js';
import type { FormField, StoredAnswer } from './fields.js';

/** A new form's settings where the owner sets none: the site's own thanks, a plain button, no lists. */
export const DEFAULT_FORM_SETTINGS: FormSettings = {
  list_ids: [],
  tags: [],
  success_message: '',
  redirect_url: null,
  submit_label: '',
  profanity_check: false,
};

export interface FormRow {
  id: string;
  name: string;
  status: FormStatus;
  fields: FormField[];
  settings: FormSettings;
  created_at: Date;
  updated_at: Date;
}

const FORM_COLUMNS = ['f.id', 'f.name', 'f.status', 'f.fields', 'f.settings', 'f.created_at', 'f.updated_at'] as const;

/** A stored form's settings over the defaults (settings added later read as their default). */
export const settingsOf = (stored: Partial<FormSettings> | null | undefined): FormSettings => ({ ...DEFAULT_FORM_SETTINGS, ...stored });

/** The site's forms with their submission counts, in one grouped query; newest change first. */
export async function listForms(db: DbHandle, accountId: string, id?: string) {
  let query = marketingDb(db)
    .selectFrom('marketing_forms as f')
    .leftJoin('marketing_form_submissions as s', (join) => join.onRef('s.account_id', '=', 'f.account_id').onRef('s.form_id', '=', 'f.id'))
    .select(FORM_COLUMNS)
    .select([sql<number>`count(s.id)::int`.as('submissions'), sql<Date | null>`max(s.created_at)`.as('last_submission_at')])
    .where('f.account_id', '=', accountId)
    .groupBy(['f.account_id', 'f.id']);
  if (id !== undefined) query = query.where('f.id', '=', id);
  const rows = await query.orderBy('f.updated_at', 'desc').execute();
  return rows.map((row) => ({
    ...row,
    settings: settingsOf(row.settings),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    last_submission_at: row.last_submission_at === null ? null : new Date(row.last_submission_at).toISOString(),
  }));
}

/** One form as stored, or null. */
export async function findForm(db: DbHandle, accountId: string, id: string): Promise<FormRow | null> {
  const row = await marketingDb(db)
    .selectFrom('marketing_forms as f')
    .select(FORM_COLUMNS)
    .where('f.account_id', '=', accountId)
    .where('f.id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : { ...row, settings: settingsOf(row.settings) };
}

export interface SubmissionRow {
  id: string;
  answers: Record<string, StoredAnswer>;
  email: string | null;
  contact_id: string | null;
  user_id: string | null;
  created_at: Date;
}

/** A form's submissions, newest first, optionally those whose answers hold some text. */
export function submissionsQuery(db: DbHandle, accountId: string, formId: string, search?: string) {
  let query = marketingDb(db).selectFrom('marketing_form_submissions').where('account_id', '=', accountId).where('form_id', '=', formId);
  if (search !== undefined && search.trim() !== '') {
    // The answers' text values, not their keys or JSON punctuation.
    query = query.where(sql<boolean>`EXISTS (SELECT 1 FROM jsonb_each_text(answers) AS a WHERE a.value ILIKE ${containsPattern(search.trim())})`);
  }
  return query;
}

export const SUBMISSION_COLUMNS = ['id', 'answers', 'email', 'contact_id', 'user_id', 'created_at'] as const;

export const submissionView = (row: SubmissionRow) => ({ ...row, created_at: new Date(row.created_at).toISOString() });
