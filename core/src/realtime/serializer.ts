/**
 * Phoenix's wire formats as realtime-js speaks them. vsn 1.0.0 sends JSON objects; vsn 2.0.0 sends
 * JSON arrays and, for every user broadcast, a binary "kind 3" frame (a JSON-only server would
 * silently drop them). We answer with text frames, except a broadcast of raw bytes, which goes to
 * vsn 2.0.0 sockets as a binary "kind 4" frame (any other binary kind would crash realtime-js's
 * decoder).
 */
import { PAYLOAD_LIMITS, parseBoundedJson, tooDeepReason, tooLargeReason } from './payload-bounds.js';

export type Vsn = '1.0.0' | '2.0.0';

export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** Set when the payload was out of bounds (and dropped): the reason the sender is told. */
  refused?: string;
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const RAW_ENCODING = 0;
const JSON_ENCODING = 1;
/** The frame wraps the user's payload in two levels ([..., {type, event, payload}]). */
const FRAME_DEPTH = PAYLOAD_LIMITS.maxDepth + 2;

function refOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function asPayload(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Reads one client frame; null when it is malformed (the socket ignores it rather than crash). A
 * frame nested too deeply keeps its ref and topic, loses its payload and carries `refused`.
 */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | null {
  try {
    if (isBinary) return vsn === '2.0.0' ? decodeUserBroadcastPush(data) : null;
    const { value: parsed, cut } = parseBoundedJson(data.toString('utf8'), FRAME_DEPTH);
    const frame = vsn === '2.0.0' ? arrayFrame(parsed) : objectFrame(parsed);
    if (frame !== null && cut) frame.refused = tooDeepReason;
    return frame;
  } catch {
    return null;
  }
}

function arrayFrame(parsed: unknown): Frame | null {
  if (!Array.isArray(parsed) || parsed.length !== 5) return null;
  const [joinRef, ref, topic, event, payload] = parsed as unknown[];
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload: asPayload(payload) };
}

function objectFrame(parsed: unknown): Frame | null {
  if (typeof parsed !== 'object' || parsed === null) return null;
  const message = parsed as Record<string, unknown>;
  if (typeof message.topic !== 'string' || typeof message.event !== 'string') return null;
  return { joinRef: refOrNull(message.join_ref), ref: refOrNull(message.ref), topic: message.topic, event: message.event, payload: asPayload(message.payload) };
}

/**
 * Kind 3: kind, joinRef/ref/topic/event/metadata lengths, encoding, then those fields and the
 * payload. realtime-js writes the header strings one byte per character (latin1) and the payload as
 * UTF-8 JSON (encoding 1) or raw bytes (0), which stay a Buffer (fanned out as kind 4 frames).
 */
function decodeUserBroadcastPush(data: Buffer): Frame | null {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encoding = data[6];
  let offset = 7;
  const fields = lengths.map((length) => {
    const value = data.subarray(offset, offset + length).toString('latin1');
    offset += length;
    return value;
  });
  if (offset > data.length || (encoding !== JSON_ENCODING && encoding !== RAW_ENCODING)) return null;
  const [joinRef, ref, topic, event, metadata] = fields as [string, string, string, string, string];
  const frame: Frame = { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event: 'broadcast', payload: { type: 'broadcast', event } };
  const body = data.subarray(offset);
  if (body.length > PAYLOAD_LIMITS.maxBytes) {
    frame.refused = tooLargeReason;
    return frame;
  }
  if (encoding === RAW_ENCODING) {
    frame.payload.payload = Buffer.from(body);
  } else {
    const parsed = body.length === 0 ? { value: {}, cut: false } : parseBoundedJson(body.toString('utf8'), PAYLOAD_LIMITS.maxDepth);
    if (parsed.cut) frame.refused = tooDeepReason;
    else frame.payload.payload = parsed.value;
  }
  if (metadata !== '') frame.payload.meta = JSON.parse(metadata);
  return frame;
}

/**
 * Kind 4, a broadcast of raw bytes to a vsn 2.0.0 socket: kind, topic/event/metadata lengths,
 * encoding 0, then topic, event and the bytes. realtime-js reads the strings as UTF-8 with one-byte
 * lengths, so null (not sendable) when either is longer than 255 bytes.
 */
export function encodeUserBroadcast(topic: string, event: string, payload: Buffer): Buffer | null {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return null;
  const header = Buffer.from([KIND_USER_BROADCAST, topicBytes.length, eventBytes.length, 0, RAW_ENCODING]);
  return Buffer.concat([header, topicBytes, eventBytes, payload]);
}

/** One server frame as text, in the socket's serializer. */
export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref, join_ref: frame.joinRef });
}
