import type { ErrorDefinition } from './errors.js';

/** One entry of a catalogue as its author writes it: `status` is the HTTP status the body repeats as `statusCode`. */
export interface ErrorSpec {
  code: string;
  status: number;
  messageKey: string;
  message: string;
}

/** A catalogue after defineErrors: each entry a frozen ErrorDefinition keeping its literal code. */
export type ErrorCatalogue<Specs extends Record<string, ErrorSpec>> = {
  readonly [Name in keyof Specs]: Readonly<ErrorDefinition & { code: Specs[Name]['code'] }>;
};

// A stable code is what clients branch on; the message key names a string in the translations
// (`errors.courseNotFound`, the SPEC's `cart.couponExpired`). storage-api's own codes ("Bucket not
// found", "Duplicate") are protocol, so a code may hold spaces and capitals but never be blank.
const MESSAGE_KEY = /^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/;

/**
 * The one way to write an error catalogue (kernel and plugins alike): checks every entry when the
 * module loads, so a typo in a status or key fails at boot and in every test rather than in a
 * response, and freezes the result so no caller can change a definition others share.
 */
export function defineErrors<const Specs extends Record<string, ErrorSpec>>(specs: Specs): ErrorCatalogue<Specs> {
  const catalogue: Record<string, ErrorDefinition> = {};
  const byCode = new Map<string, ErrorDefinition>();
  for (const [name, spec] of Object.entries(specs)) {
    const problem = problemOf(spec);
    if (problem !== null) throw new Error(`Error "${name}" (${spec.code}): ${problem}`);
    const definition: ErrorDefinition = Object.freeze({ code: spec.code, statusCode: spec.status, messageKey: spec.messageKey, message: spec.message });
    const same = byCode.get(spec.code);
    if (same !== undefined && (same.statusCode !== definition.statusCode || same.messageKey !== definition.messageKey))
      throw new Error(`Error "${name}": code ${spec.code} is already defined with another status or message key`);
    byCode.set(spec.code, definition);
    catalogue[name] = definition;
  }
  return Object.freeze(catalogue) as ErrorCatalogue<Specs>;
}

function problemOf(spec: ErrorSpec): string | null {
  if (spec.code.trim() === '') return 'the code is blank';
  if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599) return `status ${spec.status} is not a 4xx or 5xx status`;
  if (!MESSAGE_KEY.test(spec.messageKey)) return `message key "${spec.messageKey}" is not a dotted i18n key`;
  if (spec.message.trim() === '') return 'the default message is blank';
  return null;
}
