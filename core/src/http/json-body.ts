import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';

/**
 * Deepest nesting a request's JSON may have. Puck documents, settings and metadata stay far below
 * it; anything deeper is an attack on whatever walks the value next (schema validation, jsonb,
 * token signing), so it is refused before any of them sees it.
 */
export const MAX_JSON_DEPTH = 64;

/** What one pass over a JSON text found. */
export interface JsonScan {
  /** Some array or object nests deeper than the limit. */
  tooDeep: boolean;
  /** A string holds a \u0000 escape (an odd number of backslashes before "u0000"). */
  nulEscape: boolean;
}

/**
 * One pass over a JSON text, with no parse: counts brackets outside strings to see whether the
 * nesting passes `limit` (the outermost array or object is depth 1), and notes a \u0000 escape in
 * a string. With `onTooDeepElement`, each element of the top-level array or object that reaches
 * past the limit is reported as its span of the text (start inclusive, end exclusive), so a caller
 * can cut it out. Malformed text is scanned all the same; the parser that follows refuses it.
 */
export function scanJsonDepth(text: string, limit: number, onTooDeepElement?: (start: number, end: number) => void): JsonScan {
  const scan: JsonScan = { tooDeep: false, nulEscape: false };
  let depth = 0;
  let inString = false;
  // Where the current element of the top-level container started, and whether it went too deep.
  let elementStart = -1;
  let elementTooDeep = false;
  const endElement = (end: number) => {
    if (elementTooDeep) onTooDeepElement?.(elementStart, end);
    elementTooDeep = false;
  };
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) {
        // The escaped character is skipped, so an escaped backslash never starts an escape.
        if (text.charCodeAt(index + 1) === 0x75 /* u */ && text.startsWith('u0000', index + 1)) scan.nulEscape = true;
        index++;
      } else if (code === 0x22 /* " */) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth === 1) elementStart = index + 1;
      else if (depth > limit) elementTooDeep = true;
      if (depth > limit) scan.tooDeep = true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      if (depth-- === 1) endElement(index);
    } else if (depth === 1 && (code === 0x2c /* , */ || code === 0x3a) /* : */) {
      endElement(index);
      elementStart = index + 1;
    }
  }
  return scan;
}

/** Whether a JSON text nests deeper than `limit` (see scanJsonDepth). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  return scanJsonDepth(text, limit).tooDeep;
}

export interface JsonBodyRules {
  /** Deepest nesting accepted (default MAX_JSON_DEPTH). */
  maxDepth?: number;
  /** The error for a body nested deeper (default a 400 validation_failed saying so). */
  tooDeep?: () => Error;
  /** Refuse a \u0000 escape (default true: PostgreSQL stores no NUL in text or jsonb). */
  refuseNul?: boolean;
}

/**
 * The JSON body parser of a scope (the kernel installs it for every route; a scope with other
 * bounds, such as realtime broadcasts, installs it again with its own rules): an empty body reads
 * as {} (DELETE and some clients' POSTs send the header without one), a NUL character or nesting
 * deeper than the bound is refused before parsing, and the rest goes to Fastify's own parser,
 * which refuses prototype poisoning.
 */
export function installJsonBodyParser(app: FastifyInstance, rules: JsonBodyRules = {}): void {
  const maxDepth = rules.maxDepth ?? MAX_JSON_DEPTH;
  const tooDeep = rules.tooDeep ?? (() => new AppError(Errors.validation, `The body nests deeper than ${maxDepth} levels`));
  const refuseNul = rules.refuseNul ?? true;
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    const scan = scanJsonDepth(text, maxDepth);
    if (refuseNul && scan.nulEscape)
      return done(new AppError(Errors.validation, 'The body contains a NUL character (\\u0000), which is not allowed'), undefined);
    if (scan.tooDeep) return done(tooDeep(), undefined);
    jsonParser(request, text, done);
  });
}
