import type { PuckDocument } from '@lectern/admin/kit';
import type { FormField } from '../src/forms/rules.js';
import type { PopupRules } from '../src/popups/rules.js';

/** What the marketing API answers (plugins/marketing/src: lists/routes.ts, contacts/schemas.ts). */
export const API = '/api/marketing';
export const PAGE_SIZE = 25;

export interface MailingList {
  id: string;
  name: string;
  description: string;
  double_opt_in: boolean;
  contacts: number;
  active: number;
}

/** SPEC §3 status 1 active; 0 waits for its opt-in, 2 unsubscribed, 3 bounced. */
export const STATUSES = ['1', '0', '2', '3'] as const;
export type StatusCode = (typeof STATUSES)[number];

export interface Contact {
  id: string;
  email: string;
  name: string;
  status: number;
  tags: string[];
  lists: string[];
  source: string | null;
  created_at: string;
}

export const keys = {
  lists: ['marketing', 'lists'] as const,
  contacts: (filters: Record<string, string | number>) => ['marketing', 'contacts', filters] as const,
  allContacts: ['marketing', 'contacts'] as const,
};

// The field types and a field's rules: the server's own module (plain code, shared with the site's island).
export {
  fieldSetupProblem,
  FIELD_TYPES,
  FILE_KINDS,
  FILE_MB,
  MAX_FILE_FIELDS,
  type FieldSetupProblem,
  type FieldType,
  type FileAnswer,
  type FileKind,
  type FormField,
  type StoredAnswer,
} from '../src/forms/rules.js';

export interface FormSettings {
  list_ids: string[];
  tags: string[];
  success_message: string;
  redirect_url: string | null;
  submit_label: string;
  profanity_check: boolean;
}

export interface MarketingForm {
  id: string;
  name: string;
  status: 'draft' | 'published';
  fields: FormField[];
  settings: FormSettings;
  submissions: number;
  last_submission_at: string | null;
  updated_at: string;
}

import type { StoredAnswer } from '../src/forms/rules.js';

export interface FormSubmission {
  id: string;
  answers: Record<string, StoredAnswer>;
  email: string | null;
  contact_id: string | null;
  created_at: string;
}

export const formKeys = {
  all: ['marketing', 'forms'] as const,
  submissions: (formId: string, filters: Record<string, string | number>) => ['marketing', 'forms', formId, 'submissions', filters] as const,
};

// A popup's rules: the server's own module (plain code, shared with the site's browser part).
export { DEFAULT_POPUP_RULES, PAGE_MODES, POPUP_AUDIENCES, POPUP_FREQUENCIES, POPUP_TRIGGERS, type PopupRules } from '../src/popups/rules.js';

export interface MarketingPopup {
  id: string;
  name: string;
  status: 'draft' | 'published';
  document: PuckDocument;
  rules: PopupRules;
  updated_at: string;
}

export const popupKeys = { all: ['marketing', 'popups'] as const };

// A campaign's blocks: the server's own module (plain code).
export { EMAIL_BLOCK_TYPES, type EmailBlock, type EmailBlockType, type CampaignAudience } from '../src/campaigns/blocks.js';
export type { CampaignView as MarketingCampaign } from '../src/campaigns/store.js';

export const campaignKeys = { all: ['marketing', 'campaigns'] as const, one: (id: string) => ['marketing', 'campaigns', id] as const };
