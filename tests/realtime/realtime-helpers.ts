import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export const PASSWORD = 'correct-horse-42';

/** Polls until `check` returns a value other than undefined/false, or fails after `ms`. */
export async function waitFor<T>(check: () => T | undefined | false, ms = 5_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Subscribes and resolves with the first terminal status (SUBSCRIBED, CHANNEL_ERROR, TIMED_OUT). */
export function subscribe(channel: RealtimeChannel): Promise<{ status: string; error?: Error }> {
  return new Promise((resolve) => {
    let done = false;
    channel.subscribe((status, error) => {
      if (done || status === 'CLOSED') return;
      done = true;
      resolve({ status, error });
    });
  });
}

/** A channel with presence keyed by the user and a log of everything it saw. */
export function onlineUsers(client: SupabaseClient, key: string, config: { self?: boolean; ack?: boolean } = {}) {
  const joins: string[] = [];
  const leaves: string[] = [];
  const messages: Array<{ event: string; payload: unknown }> = [];
  const channel = client
    .channel('onlineUsers', { config: { presence: { key }, broadcast: { self: config.self ?? false, ack: config.ack ?? false } } })
    .on('presence', { event: 'join' }, ({ key: k }) => void joins.push(k))
    .on('presence', { event: 'leave' }, ({ key: k }) => void leaves.push(k))
    .on('broadcast', { event: '*' }, (message) => void messages.push({ event: message.event, payload: message.payload }));
  return { channel, joins, leaves, messages };
}

/** A raw Phoenix client over `ws`, for serializer details. */
export class RawSocket {
  readonly frames: unknown[] = [];
  readonly binary: Buffer[] = [];
  private ref = 0;

  private constructor(
    readonly ws: WebSocket,
    readonly vsn: '1.0.0' | '2.0.0',
  ) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) this.binary.push(data as Buffer);
      else this.frames.push(JSON.parse(String(data)));
    });
  }

  static open(url: string, vsn: '1.0.0' | '2.0.0', host?: string): Promise<RawSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, host === undefined ? {} : { headers: { host } });
      ws.once('open', () => resolve(new RawSocket(ws, vsn)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** Sends a push and returns its ref. */
  push(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    const ref = String(++this.ref);
    const frame = this.vsn === '2.0.0' ? [joinRef, ref, topic, event, payload] : { topic, event, payload, ref, join_ref: joinRef };
    this.ws.send(JSON.stringify(frame));
    return ref;
  }

  /** The frames as {topic, event, payload, ref, join_ref} whatever the serializer. */
  messages(): Array<{ topic: string; event: string; payload: Record<string, unknown>; ref: string | null; join_ref: string | null }> {
    return this.frames.map((f) => {
      if (Array.isArray(f)) {
        const [join_ref, ref, topic, event, payload] = f as [string | null, string | null, string, string, Record<string, unknown>];
        return { join_ref, ref, topic, event, payload };
      }
      return f as { topic: string; event: string; payload: Record<string, unknown>; ref: string | null; join_ref: string | null };
    });
  }

  reply(ref: string) {
    return waitFor(() => this.messages().find((m) => m.event === 'phx_reply' && m.ref === ref), 5_000, `reply to ${ref}`);
  }

  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) resolve(-1);
      else this.ws.once('close', (code) => resolve(code));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/** realtime-js's kind 3 frame: a user broadcast push with a JSON payload. */
export function userBroadcastPush(joinRef: string, ref: string, topic: string, event: string, payload: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(payload), 'utf8');
  const header = Buffer.from([3, joinRef.length, ref.length, topic.length, event.length, 0, 1]);
  return Buffer.concat([header, Buffer.from(joinRef + ref + topic + event, 'latin1'), body]);
}
