/**
 * A form's field rules as plain code, shared by the server (which decides) and the site's form
 * island (which says what is wrong before anything is sent): no SDK or server import here.
 */

/** The field types a form is built from (issue 19 item 1). */
export const FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'number', 'select', 'checkbox', 'radio', 'date', 'consent', 'file'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What a file field takes: images, documents, or either (by extension; the server checks the content too). */
export const FILE_KINDS = ['images', 'documents', 'any'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
const IMAGES = ['jpg', 'jpeg', 'png', 'gif', 'webp'];
const DOCUMENTS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'csv', 'txt'];
export const FILE_EXTENSIONS: Record<FileKind, readonly string[]> = { images: IMAGES, documents: DOCUMENTS, any: [...IMAGES, ...DOCUMENTS] };
/** A file field's size limit when the form sets none, and the most it may set (MB). */
export const FILE_MB = { default: 5, max: 8 } as const;
/** The most file fields a form may hold (a submission carries its files). */
export const MAX_FILE_FIELDS = 2;

/** One field and its rules (fields.ts holds its schema). */
export interface FormField {
  key: string;
  type: FieldType;
  label: string;
  help?: string;
  placeholder?: string;
  required?: boolean;
  min_length?: number;
  max_length?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  options?: string[];
  min_date?: string;
  max_date?: string;
  /** file: the kinds taken (default any) and the size limit in MB (default FILE_MB.default). */
  accept?: FileKind;
  max_mb?: number;
}

/** What text fields take when the form sets no maximum: a message, not a document. */
export const DEFAULT_MAX_LENGTH = { text: 300, textarea: 5000 } as const;

/** The reasons an answer is refused, each with the English message the site translates (keys marketing-site:rule.<code>). */
export const RULE_MESSAGES = {
  required: 'This field is required',
  too_short: 'Use at least {min} characters',
  too_long: 'Use at most {max} characters',
  email: 'Enter an e-mail address like name@example.com',
  unreachable: 'Mail cannot reach this address',
  phone: 'Enter a phone number (digits, spaces, +, -, brackets)',
  number: 'Enter a number',
  integer: 'Enter a whole number',
  too_small: 'Enter {min} or more',
  too_large: 'Enter {max} or less',
  option: 'Choose one of the options',
  date: 'Enter a date',
  too_early: 'Choose {min} or later',
  too_late: 'Choose {max} or earlier',
  consent: 'Tick the box to go on',
  profanity: 'Please rephrase without offensive words',
  file_type: 'Choose a file of one of these types: {types}',
  file_too_large: 'Choose a file of {max} MB or less',
  file_unreadable: 'The file could not be read; choose it again',
} as const;
export type RuleCode = keyof typeof RULE_MESSAGES;

export interface FieldProblem {
  code: RuleCode;
  message: string;
  /** The values the message names ({min}, {max}). */
  params?: Record<string, string | number>;
}

/**
 * A file answer. On the way in it carries the bytes (`data`, base64); as stored, where the site
 * keeps them instead (`path` in the site's managers-only bucket).
 */
export interface FileAnswer {
  name: string;
  type: string;
  size: number;
  data?: string;
  path?: string;
}

/** An answer as checked: text, a number, a yes/no, the options chosen, or a file. */
export type Answer = string | number | boolean | string[] | FileAnswer;

/** A file answer as kept: where the site stored its bytes. */
export interface StoredFile {
  name: string;
  type: string;
  size: number;
  path: string;
}

/** An answer as kept in a submission. */
export type StoredAnswer = string | number | boolean | string[] | StoredFile;

/** The extension of a file name, lower case ('' for none). */
export const extensionOf = (name: string) => (/\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1] ?? '').toLowerCase();

/** The bytes a base64 text holds, or null when it is not base64. */
export function base64Size(data: string): number | null {
  if (data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return null;
  return (data.length / 4) * 3 - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
}

/** A file field's rules applied to the file's name and size (before its bytes are read, in the browser). */
export function fileProblem(field: FormField, name: string, size: number): FieldProblem | null {
  const kinds = FILE_EXTENSIONS[field.accept ?? 'any'];
  if (!kinds.includes(extensionOf(name))) return problem('file_type', { types: kinds.join(', ') });
  const max = field.max_mb ?? FILE_MB.default;
  if (size > max * 1024 * 1024) return problem('file_too_large', { max });
  return null;
}

/** What checking a submission needs from outside: SPEC §5's e-mail format and, where the owner wants it, the profanity check. */
export interface AnswerChecks {
  normalEmail(address: string): string | null;
  profane?: (text: string) => boolean;
}

const problem = (code: RuleCode, params?: Record<string, string | number>): FieldProblem => ({
  code,
  message: Object.entries(params ?? {}).reduce<string>((text, [name, value]) => text.replace(`{${name}}`, String(value)), RULE_MESSAGES[code]),
  ...(params === undefined ? {} : { params }),
});

/** Digits with the usual separators, 6 to 20 digits in all (E.164 allows 15; extensions add a few). */
const PHONE = /^\+?[0-9 ()./-]{6,30}$/;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * Checks one field's answer against its rules. Answers the value to store, or what is wrong with
 * it. An empty optional field stores nothing.
 */
export function checkAnswer(field: FormField, raw: unknown, checks: AnswerChecks): { value?: Answer; problem?: FieldProblem } {
  if (field.type === 'consent') {
    if (raw === true || raw === 'true' || raw === 'on') return { value: true };
    return field.required ? { problem: problem('consent') } : { value: false };
  }
  if (isEmpty(raw)) return field.required ? { problem: problem('required') } : {};

  switch (field.type) {
    case 'file': {
      const file = raw as Partial<Record<keyof FileAnswer, unknown>>;
      if (typeof raw !== 'object' || typeof file.name !== 'string' || typeof file.data !== 'string') return { problem: problem('file_unreadable') };
      // The name as the site keeps it: no folders, no characters that could end a path or a header.
      const name = file.name
        .replace(/^.*[\\/]/, '')
        .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
        .trim()
        .slice(-120);
      const size = base64Size(file.data);
      if (name === '' || size === null || size === 0) return { problem: problem('file_unreadable') };
      const wrong = fileProblem(field, name, size);
      if (wrong !== null) return { problem: wrong };
      return { value: { name, type: typeof file.type === 'string' ? file.type.slice(0, 100) : '', size, data: file.data } };
    }
    case 'text':
    case 'textarea':
    case 'phone':
    case 'email': {
      if (typeof raw !== 'string') return { problem: problem('required') };
      const text = raw.trim();
      if (text === '') return field.required ? { problem: problem('required') } : {};
      if (field.type === 'email') {
        const address = checks.normalEmail(text);
        return address === null ? { problem: problem('email') } : { value: address };
      }
      if (field.type === 'phone') {
        const digits = text.replace(/\D/g, '').length;
        return PHONE.test(text) && digits >= 6 && digits <= 20 ? { value: text } : { problem: problem('phone') };
      }
      const length = [...text].length;
      const max = field.max_length ?? DEFAULT_MAX_LENGTH[field.type];
      if (field.min_length !== undefined && length < field.min_length) return { problem: problem('too_short', { min: field.min_length }) };
      if (length > max) return { problem: problem('too_long', { max }) };
      if (checks.profane?.(text)) return { problem: problem('profanity') };
      return { value: text };
    }
    case 'number': {
      const number = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return { problem: problem('number') };
      if (field.integer && !Number.isInteger(number)) return { problem: problem('integer') };
      if (field.min !== undefined && number < field.min) return { problem: problem('too_small', { min: field.min }) };
      if (field.max !== undefined && number > field.max) return { problem: problem('too_large', { max: field.max }) };
      return { value: number };
    }
    case 'date': {
      if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || !isCalendarDay(raw)) return { problem: problem('date') };
      // ISO days compare as text.
      if (field.min_date !== undefined && raw < field.min_date) return { problem: problem('too_early', { min: field.min_date }) };
      if (field.max_date !== undefined && raw > field.max_date) return { problem: problem('too_late', { max: field.max_date }) };
      return { value: raw };
    }
    case 'select':
    case 'radio': {
      const options = field.options ?? [];
      return typeof raw === 'string' && options.includes(raw) ? { value: raw } : { problem: problem('option') };
    }
    case 'checkbox': {
      const options = field.options ?? [];
      if (options.length === 0) {
        if (raw === true || raw === 'true' || raw === 'on') return { value: true };
        return field.required ? { problem: problem('required') } : { value: false };
      }
      const chosen = Array.isArray(raw) ? raw : [raw];
      if (!chosen.every((item): item is string => typeof item === 'string' && options.includes(item))) return { problem: problem('option') };
      return { value: [...new Set(chosen)] };
    }
  }
}

/** Whether a YYYY-MM-DD names a day of the calendar (not 2026-02-30). */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Checks every field of a submission: the answers to store, and the problems by field key (empty when it may be stored). */
export function checkAnswers(
  fields: readonly FormField[],
  answers: Readonly<Record<string, unknown>>,
  checks: AnswerChecks,
): { values: Record<string, Answer>; problems: Record<string, FieldProblem> } {
  const values: Record<string, Answer> = {};
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const { value, problem: wrong } = checkAnswer(field, answers[field.key], checks);
    if (wrong !== undefined) problems[field.key] = wrong;
    else if (value !== undefined) values[field.key] = value;
  }
  return { values, problems };
}

/**
 * What is wrong with a form's fields as the owner built them (keys repeated, choices without
 * options, bounds the wrong way round), as messages by field position; empty when it may be saved.
 */
/** What can be wrong with one field as the owner set it up (the builder names it; the API refuses it). */
export type FieldSetupProblem = 'key_taken' | 'options_required' | 'options_repeat' | 'length_order' | 'bounds_order' | 'dates_order' | 'files_too_many';

const SETUP_MESSAGES: Record<FieldSetupProblem, (field: FormField) => string> = {
  key_taken: (field) => `key "${field.key}" is used by another field`,
  options_required: () => 'options a choice needs options',
  options_repeat: () => 'options repeat an option',
  length_order: () => 'min_length is above max_length',
  bounds_order: () => 'min is above max',
  dates_order: () => 'min_date is after max_date',
  files_too_many: () => `type a form holds at most ${MAX_FILE_FIELDS} file fields`,
};

/** The first problem of one field, given the keys the other fields took and how many file fields came before it. */
export function fieldSetupProblem(field: FormField, taken: ReadonlySet<string>, filesBefore = 0): FieldSetupProblem | null {
  if (taken.has(field.key)) return 'key_taken';
  if (field.type === 'file' && filesBefore >= MAX_FILE_FIELDS) return 'files_too_many';
  const options = field.options ?? [];
  if ((field.type === 'select' || field.type === 'radio') && options.length === 0) return 'options_required';
  if (new Set(options).size !== options.length) return 'options_repeat';
  if (field.min_length !== undefined && field.max_length !== undefined && field.min_length > field.max_length) return 'length_order';
  if (field.min !== undefined && field.max !== undefined && field.min > field.max) return 'bounds_order';
  if (field.min_date !== undefined && field.max_date !== undefined && field.min_date > field.max_date) return 'dates_order';
  return null;
}

/** The form's problems as a whole, each naming its field by index (the API's message). */
export function fieldsProblems(fields: readonly FormField[]): string[] {
  const keys = new Set<string>();
  let files = 0;
  return fields.flatMap((field, index) => {
    const problem = fieldSetupProblem(field, keys, files);
    keys.add(field.key);
    if (field.type === 'file') files += 1;
    return problem === null ? [] : [`fields/${index}/${SETUP_MESSAGES[problem](field)}`];
  });
}

/** The form's e-mail field (the first), whose address makes the contact. */
export const emailFieldOf = (fields: readonly FormField[]) => fields.find((field) => field.type === 'email');
