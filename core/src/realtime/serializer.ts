/**
 * Phoenix's wire formats as realtime-js speaks them. vsn 1.0.0 sends JSON objects; vsn 2.0.0 sends
 * JSON arrays and, for every user broadcast, a binary "kind 3" frame (a JSON-only server would
 * silently drop them). We answer with text frames only: realtime-js accepts JSON text broadcasts,
 * and any binary kind other than 4 would crash its decoder.
 */
export type Vsn = '1.0.0' | '2.0.0';

export const SUPPORTED_VSN: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

const KIND_USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

function refOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  return String(value);
}

function asPayload(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Reads one client frame; null when it is malformed (the socket ignores it rather than crash). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): Frame | null {
  try {
    if (isBinary) return vsn === '2.0.0' ? decodeUserBroadcastPush(data) : null;
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length !== 5) return null;
      const [joinRef, ref, topic, event, payload] = parsed as unknown[];
      if (typeof topic !== 'string' || typeof event !== 'string') return null;
      return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload: asPayload(payload) };
    }
    if (typeof parsed !== 'object' || parsed === null) return null;
    const message = parsed as Record<string, unknown>;
    if (typeof message.topic !== 'string' || typeof message.event !== 'string') return null;
    return { joinRef: refOrNull(message.join_ref), ref: refOrNull(message.ref), topic: message.topic, event: message.event, payload: asPayload(message.payload) };
  } catch {
    return null;
  }
}

/**
 * Kind 3: kind, joinRef/ref/topic/event/metadata lengths, encoding, then those fields and the
 * payload. realtime-js writes the header strings one byte per character (latin1) and the payload as
 * UTF-8 JSON (encoding 1) or raw bytes (0). Raw payloads have no JSON form to fan out, so they are
 * ignored.
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
  if (offset > data.length || encoding !== JSON_ENCODING) return null;
  const [joinRef, ref, topic, event, metadata] = fields as [string, string, string, string, string];
  const body = data.subarray(offset).toString('utf8');
  const payload: Record<string, unknown> = { type: 'broadcast', event, payload: body === '' ? {} : JSON.parse(body) };
  if (metadata !== '') payload.meta = JSON.parse(metadata);
  return { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event: 'broadcast', payload };
}

/** One server frame as text, in the socket's serializer. */
export function encodeFrame(frame: Frame, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([frame.joinRef, frame.ref, frame.topic, frame.event, frame.payload]);
  return JSON.stringify({ topic: frame.topic, event: frame.event, payload: frame.payload, ref: frame.ref, join_ref: frame.joinRef });
}
