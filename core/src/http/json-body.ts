import type { FastifyInstance } from 'fastify';
import { AppError, Errors } from '../errors/errors.js';

/**
 * Deepest nesting a request's JSON may have. Puck documents, settings and metadata stay far below
 * it; anything deeper is an attack on whatever walks the value next (schema validation, jsonb,
 * token signing), so it is refused before any of them sees it.
 */
export const MAX_JSON_DEPTH = 64;

/** A \u0000 escape that is not itself an escaped backslash followed by "u0000". */
const NUL_ESCAPE = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/**
 * How deep a JSON text nests, stopping as soon as it passes `limit`. Counts brackets outside
 * strings, so it costs one pass over the text and no parse.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 92 /* \ */) index++;
      else if (code === 34 /* " */) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
  }
  return false;
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
    if (refuseNul && NUL_ESCAPE.test(text)) return done(new AppError(Errors.validation, 'The body contains a NUL character (\\u0000), which is not allowed'), undefined);
    if (jsonDepthExceeds(text, maxDepth)) return done(tooDeep(), undefined);
    jsonParser(request, text, done);
  });
}
