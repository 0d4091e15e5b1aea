import type { MessageKey } from './en.js';

export type { MessageKey };
/** One language's site text, complete (English fills the gaps on the server). */
export type Messages = Record<MessageKey, string>;
/** A translation may leave keys out; they fall back to English. */
export type Catalogue = Partial<Messages>;

/** The message with `{name}` placeholders filled in; the key itself when a message is missing. */
export function translate(messages: Partial<Messages>, key: MessageKey, vars?: Record<string, string | number>): string {
  const text = messages[key] ?? key;
  if (vars === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}
