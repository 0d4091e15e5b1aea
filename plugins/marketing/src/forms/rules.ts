/**
 * A form's field rules as plain code, shared by the server (which decides) and the site's form
 * island (which says what is wrong before anything is sent): no SDK or server import here.
 */

/** The field types a form is built from (issue 19 item 1). */
export const FIELD_TYPES = ['text', 'textarea', 'email', 'phone', 'number', 'select', 'checkbox', 'radio', 'date', 'consent'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

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
} as const;
export type RuleCode = keyof typeof RULE_MESSAGES;

export interface FieldProblem {
  code: RuleCode;
  message: string;
  /** The values the message names ({min}, {max}). */
  params?: Record<string, string | number>;
}

/** An answer as stored: text, a number, a yes/no, or the options chosen. */
export type Answer = string | number | boolean | string[];

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
export type FieldSetupProblem = 'key_taken' | 'options_required' | 'options_repeat' | 'length_order' | 'bounds_order' | 'dates_order';

const SETUP_MESSAGES: Record<FieldSetupProblem, (field: FormField) => string> = {
  key_taken: (field) => `key "${field.key}" is used by another field`,
  options_required: () => 'options a choice needs options',
  options_repeat: () => 'options repeat an option',
  length_order: () => 'min_length is above max_length',
  bounds_order: () => 'min is above max',
  dates_order: () => 'min_date is after max_date',
};

/** The first problem of one field, given the keys the other fields took. */
export function fieldSetupProblem(field: FormField, taken: ReadonlySet<string>): FieldSetupProblem | null {
  if (taken.has(field.key)) return 'key_taken';
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
  return fields.flatMap((field, index) => {
    const problem = fieldSetupProblem(field, keys);
    keys.add(field.key);
    return problem === null ? [] : [`fields/${index}/${SETUP_MESSAGES[problem](field)}`];
  });
}

/** The form's e-mail field (the first), whose address makes the contact. */
export const emailFieldOf = (fields: readonly FormField[]) => fields.find((field) => field.type === 'email');
