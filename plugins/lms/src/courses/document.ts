import { AppError, Errors } from '@lectern/sdk';
import { CourseErrors } from './errors.js';
import { isSafeHtml } from './html-guard.js';

/** A Puck document as stored: root props, the blocks and any zones. */
export type PuckDocument = Record<string, unknown>;

export const EMPTY_DOCUMENT: PuckDocument = { root: { props: {} }, content: [] };

const MAX_DEPTH = 64;
const MAX_BYTES = 1024 * 1024;
// The same rule as the kernel's: these string props are injected by the theme as HTML.
const isHtmlKey = (key: string) => key === 'html' || key.endsWith('Html');

/**
 * Checks a course or unit document before it is stored: HTML props must pass the allow-list
 * (refused, not rewritten), nesting and size are bounded. Returns the JSON to store.
 */
export function checkDocument(document: PuckDocument): string {
  const walk = (value: unknown, depth: number, key?: string): void => {
    if (depth > MAX_DEPTH) throw new AppError(Errors.validation, `The document is nested deeper than ${MAX_DEPTH} levels`);
    if (typeof value === 'string') {
      if (key !== undefined && isHtmlKey(key) && !isSafeHtml(value))
        throw new AppError(CourseErrors.unsafeHtml, `${CourseErrors.unsafeHtml.message} in "${key}"`);
      return;
    }
    if (Array.isArray(value)) for (const entry of value) walk(entry, depth + 1);
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, depth + 1, k);
  };
  walk(document, 0);
  const json = JSON.stringify(document);
  if (Buffer.byteLength(json) > MAX_BYTES) throw new AppError(Errors.payloadTooLarge, 'A document may hold at most 1 MB');
  return json;
}
