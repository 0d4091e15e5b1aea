import { defineErrors } from '../errors/define-errors.js';
import { scanJsonDepth } from '../http/json-body.js';
import { checkJsonBounds, type JsonBounds } from '../http/json-bounds.js';

/**
 * How big and how deeply nested a broadcast or presence payload may be. Supabase caps broadcast
 * payloads at 256 KB on its free plan; nothing a person sends needs more than a few levels of
 * nesting, and a bound keeps JSON.stringify (recursive) from overflowing the stack when a
 * payload is re-encoded for the bus and the sockets. Checked with the kernel's checkJsonBounds.
 */
export const PAYLOAD_LIMITS: JsonBounds = { maxDepth: 32, maxBytes: 256 * 1024 };

/** Realtime's error catalogue: the HTTP answer when a broadcast payload is out of bounds (a clear 400, never a 500). */
export const RealtimeErrors = defineErrors({
  payloadOutOfBounds: {
    code: 'payload_out_of_bounds',
    status: 400,
    messageKey: 'errors.realtime.payloadOutOfBounds',
    message: `A payload may be at most ${PAYLOAD_LIMITS.maxBytes} bytes and ${PAYLOAD_LIMITS.maxDepth} levels deep`,
  },
});
export const payloadOutOfBounds = RealtimeErrors.payloadOutOfBounds;

export const tooDeepReason = `Payload is nested deeper than ${PAYLOAD_LIMITS.maxDepth} levels`;
export const tooLargeReason = `Payload is larger than ${PAYLOAD_LIMITS.maxBytes} bytes`;

/** Why a parsed payload (or raw bytes) is out of bounds, or null. */
export function checkPayloadBounds(value: unknown): string | null {
  if (Buffer.isBuffer(value)) return value.length > PAYLOAD_LIMITS.maxBytes ? tooLargeReason : null;
  const problem = checkJsonBounds(value, PAYLOAD_LIMITS);
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
  let rebuilt = '';
  let from = 0;
  // The top-level container is depth 1, so its elements may reach maxDepth + 1.
  scanJsonDepth(text, maxDepth + 1, (start, end) => {
    rebuilt += `${text.slice(from, start)}null`;
    from = end;
  });
  const cut = from > 0;
  return { value: JSON.parse(cut ? rebuilt + text.slice(from) : text) as unknown, cut };
}
