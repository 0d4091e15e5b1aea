import type { FormField, RuleCode } from '../forms/rules.js';

/** A published form as the site draws it: no lists, tags or counts. */
export interface SiteForm {
  id: string;
  name: string;
  fields: FormField[];
  submit_label: string;
}

/** What the form says, in the site's language (the plugin's `site` catalogue), handed to the island with the form. */
export interface FormWords {
  send: string;
  sending: string;
  thanks: string;
  failed: string;
  tooMany: string;
  required: string;
  rules: Record<RuleCode, string>;
}

/** What the page's form blocks draw (PluginSite.blockData): the forms by id, and the words. */
export interface FormBlockData {
  forms: Record<string, SiteForm>;
  words: FormWords;
}

/** What the form island gets from the server view. */
export interface FormIslandProps {
  form: SiteForm;
  words: FormWords;
  /** The block's own heading (empty: none). */
  heading: string;
}

/** The form a block names: `{ id, title }` as the editor's picker stores it. */
export function formRefOf(value: unknown): string | null {
  const id = typeof value === 'object' && value !== null ? (value as { id?: unknown }).id : value;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

export function formBlockDataOf(pluginData: Record<string, unknown> | undefined): FormBlockData | null {
  const data = pluginData?.marketing;
  return typeof data === 'object' && data !== null && 'forms' in data ? (data as FormBlockData) : null;
}
