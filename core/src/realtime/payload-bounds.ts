import type { ErrorDefinition } from '../errors/errors.js';
import { checkJsonBounds } from '../http/json-bounds.js';

/**
 * How big and how deeply nested a broadcast or presence payload may be. Supabase caps broadcast
 * payloads at 256 KB on its free plan; nothing a person sends needs more than a few levels of
 * nesting, and a bound keeps JSON.stringify (recursive) from overflowing the stack when a
 * payload is re-encoded for the bus and the sockets. Checked with the kernel's checkJsonBounds.
 */
export interface PayloadLimits {
  maxDepth: number;
  maxBytes: number;
}

export const PAYLOAD_LIMITS: PayloadLimits = { maxDepth: 32, maxBytes: 256 * 1024 };

/** The HTTP answer when a broadcast payload is out of bounds (a clear 400, never a 500). */
export const payloadOutOfBounds: ErrorDefinition = Object.freeze({
  code: 'payload_out_of_bounds',
  statusCode: 400,
  messageKey: 'errors.realtime.payloadOutOfBounds',
  message: `A payload may be at most ${PAYLOAD_LIMITS.maxBytes} bytes and ${PAYLOAD_LIMITS.maxDepth} levels deep`,
});

export const tooDeepReason = (limits: PayloadLimits = PAYLOAD_LIMITS) => `Payload is nested deeper than ${limits.maxDepth} levels`;
export const tooLargeReason = (limits: PayloadLimits = PAYLOAD_LIMITS) => `Payload is larger than ${limits.maxBytes} bytes`;

/** Why a parsed payload (or raw bytes) is out of bounds, or null. */
export function checkPayloadBounds(value: unknown, limits: PayloadLimits = PAYLOAD_LIMITS): string | null {
  if (Buffer.isBuffer(value)) return value.length > limits.maxBytes ? tooLargeReason(limits) : null;
  const problem = checkJsonBounds(value, limits);
  return problem === null ? null : `Payload ${problem}`;
}

/**
 * Parses JSON text whose nesting may be hostile. JSON.parse takes time that grows faster than
 * the depth (a megabyte of "[" stalls the event loop for seconds), so the text is scanned first:
 * every element of the top-level array or object that nests deeper than `maxDepth` is replaced
 * by null before parsing, and `cut` says that happened. The rest of a frame (its ref and topic)
 * stays readable, so the sender can be answered. Throws like JSON.parse on malformed text.
 */
export function parseBoundedJson(text: string, maxDepth: number): { value: unknown; cut: boolean } {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  // Where the current element of the top-level container started, and whether it went too deep.
  let elementStart = -1;
  let tooDeep = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c /* \ */) escaped = true;
      else if (c === 0x22 /* " */) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth++;
      if (depth === 1) elementStart = i + 1;
      else if (depth > maxDepth + 1) tooDeep = true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth === 1 && tooDeep) {
        spans.push([elementStart, i]);
        tooDeep = false;
      }
      depth--;
    } else if (depth === 1 && (c === 0x2c /* , */ || c === 0x3a /* : */)) {
      if (tooDeep) {
        spans.push([elementStart, i]);
        tooDeep = false;
      }
      elementStart = i + 1;
    }
  }
  if (spans.length === 0) return { value: JSON.parse(text) as unknown, cut: false };
  let rebuilt = '';
  let from = 0;
  for (const [start, end] of spans) {
    rebuilt += `${text.slice(from, start)}null`;
    from = end;
  }
  rebuilt += text.slice(from);
  return { value: JSON.parse(rebuilt) as unknown, cut: true };
}
