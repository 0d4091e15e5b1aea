import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { checkChannelToken, sessionCheck, ChannelClaims } from './channel-auth.js';
import { checkPayloadBounds } from './payload-bounds.js';
import { presenceMap, type PresenceMap, type PresenceMeta } from './presence-store.js';
import { decodeFrame, encodeFrame, type Frame, type Vsn } from './serializer.js';

const TOPIC_PREFIX = 'realtime:';

/** What a connection needs from the service: the channel registry, fan-out and credentials. */
export interface ConnectionHub {
  readonly log: FastifyBaseLogger;
  checkToken(token: string | undefined, accountId: string): ReturnType<typeof checkChannelToken>;
  checkSession(claims: ChannelClaims): ReturnType<typeof sessionCheck>;
  /** Why these claims may not use the site's private channels, or null when they may. */
  privateAccess(claims: ChannelClaims, accountId: string): Promise<string | null>;
  subscribe(topicKey: string, connection: RealtimeConnection): void;
  unsubscribe(topicKey: string, connection: RealtimeConnection): void;
  presenceState(topicKey: string): PresenceMap;
  publishDiff(topicKey: string, joins: PresenceMap, leaves: PresenceMap): void;
  publishBroadcast(topicKey: string, event: string, payload: unknown, from: string | null): void;
  nextRef(): string;
  /** Per-socket limits (supabase/realtime has the same kind: channels per client, events per second). */
  readonly limits: { maxChannels: number; maxEventsPerSecond: number };
}

/** One joined channel on one socket. */
interface JoinedChannel {
  topic: string;
  topicKey: string;
  joinRef: string | null;
  claims: ChannelClaims;
  /** A private channel: every token it runs under must belong to a member. */
  isPrivate: boolean;
  presenceKey: string;
  /** presence_state was sent, so this channel receives presence diffs. */
  presenceOn: boolean;
  self: boolean;
  ack: boolean;
  tracked: PresenceMeta | null;
}

const PRIVATE_MARK = 'private\u0000';

/** Private channels are a space of their own: a public join of the same name never hears them. */
export function topicKeyOf(accountId: string, topic: string, isPrivate = false): string {
  return `${accountId}\u0000${isPrivate ? PRIVATE_MARK : ''}${topic}`;
}

/** The topic a key names (topicKeyOf backwards: a topic starts with "realtime:", never with the private mark). */
export function topicOfKey(topicKey: string): string {
  const rest = topicKey.slice(topicKey.indexOf('\u0000') + 1);
  return rest.startsWith(PRIVATE_MARK) ? rest.slice(PRIVATE_MARK.length) : rest;
}

/** Events only the server sends (SPEC §4: the notification broadcast on onlineUsers). */
export function isServerOnlyEvent(topic: string, event: string): boolean {
  return topic === `${TOPIC_PREFIX}onlineUsers` && event === 'notification';
}

export function topicOf(channel: string): string {
  return channel.startsWith(TOPIC_PREFIX) ? channel : `${TOPIC_PREFIX}${channel}`;
}

/**
 * Presence says who is online, so the identity in it comes from the token, not the client: a
 * signed-in user's `user.id` and `user.account_id` (SPEC §3 Online presence) are overwritten with
 * the token's, and an anonymous socket may not present a user at all.
 */
function withTrueIdentity(payload: Record<string, unknown>, claims: ChannelClaims): Record<string, unknown> {
  if (claims.role !== 'authenticated') {
    const { user: _user, ...rest } = payload;
    return rest;
  }
  if (payload.user === undefined) return payload;
  const user = { ...record(payload.user) };
  if ('id' in user) user.id = (claims as { sub?: string }).sub;
  if ('account_id' in user) user.account_id = claims.account_id;
  return { ...payload, user };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * One client socket speaking Phoenix channels: heartbeats, joins (checked against the site the
 * socket connected to), presence and broadcast pushes. Frames are handled one at a time in arrival
 * order, so a join's asynchronous token check finishes before the channel's next push is read.
 */
export class RealtimeConnection {
  readonly id = randomUUID();
  lastHeartbeat = Date.now();
  /** Joined channels by topic (one join per topic and socket, as in Phoenix)… */
  private readonly channels = new Map<string, JoinedChannel>();
  /** …and by topic key, which is what fan-out names (private and public keys differ). */
  private readonly byKey = new Map<string, JoinedChannel>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private windowStart = 0;
  private eventsInWindow = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly vsn: Vsn,
    readonly accountId: string,
    private readonly apikey: string | undefined,
    private readonly hub: ConnectionHub,
  ) {
    ws.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const frame = decodeFrame(bytes, isBinary, vsn);
      if (frame === null) {
        hub.log.debug({ connection: this.id }, 'realtime: ignored a malformed frame');
        return;
      }
      this.queue = this.queue
        .then(() => this.handle(frame))
        .catch((error: unknown) => hub.log.warn({ err: error, connection: this.id }, 'realtime: a frame failed'));
    });
    ws.on('close', () => this.cleanup());
    ws.on('error', (error) => hub.log.debug({ err: error, connection: this.id }, 'realtime: socket error'));
  }

  /** Closes the socket; the close event does the clean-up (presences leave). */
  terminate(): void {
    this.ws.terminate();
  }

  close(code: number, reason: string): void {
    this.ws.close(code, reason);
  }

  /** A broadcast of JSON on one of this socket's channels (from any instance). */
  deliverBroadcast(topicKey: string, event: string, payload: unknown, from: string | null): void {
    const channel = this.listening(topicKey, from);
    if (channel !== undefined)
      this.send({ joinRef: null, ref: null, topic: channel.topic, event: 'broadcast', payload: { type: 'broadcast', event, payload } });
  }

  /**
   * A broadcast of raw bytes, as the kind 4 frame encoded once for all subscribers (null when it
   * cannot be sent). Only the vsn 2.0.0 serializer has binary frames; a vsn 1.0.0 socket gets nothing.
   */
  deliverBytes(topicKey: string, kind4: Buffer | null, from: string | null): void {
    if (kind4 === null || this.vsn !== '2.0.0' || this.listening(topicKey, from) === undefined) return;
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(kind4, { binary: true }, this.sent);
  }

  /** The channel a broadcast on this key reaches, unless it is the sender's own echo it did not ask for. */
  private listening(topicKey: string, from: string | null): JoinedChannel | undefined {
    const channel = this.byKey.get(topicKey);
    return channel === undefined || (from === this.id && !channel.self) ? undefined : channel;
  }

  deliverDiff(topicKey: string, joins: PresenceMap, leaves: PresenceMap): void {
    const channel = this.byKey.get(topicKey);
    if (channel === undefined || !channel.presenceOn) return;
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'presence_diff', payload: { joins, leaves } });
  }

  private send(frame: Frame): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeFrame(frame, this.vsn), this.sent);
  }

  /** A write to a socket that is going away fails here, not as an unhandled error. */
  private readonly sent = (error?: Error): void => {
    if (error !== undefined && error !== null) this.hub.log.debug({ err: error, connection: this.id }, 'realtime: a frame could not be sent');
  };

  private reply(frame: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    this.send({ joinRef: frame.joinRef, ref: frame.ref, topic: frame.topic, event: 'phx_reply', payload: { status, response } });
  }

  private async handle(frame: Frame): Promise<void> {
    if (this.closed) return;
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') {
        this.lastHeartbeat = Date.now();
        this.reply(frame, 'ok', {});
        await this.recheckChannels();
      }
      return;
    }
    // A payload out of bounds was dropped by the decoder: say so (realtime answers
    // payload_size_exceeded the same way) and keep the socket and channel open.
    if (frame.refused !== undefined) {
      if (frame.ref !== null) this.reply(frame, 'error', { reason: frame.refused });
      return;
    }
    if (frame.event === 'phx_join') return this.join(frame);
    const channel = this.channels.get(frame.topic);
    // Pushes for a channel this socket has not joined (or joined under an older join ref).
    if (channel === undefined || (frame.joinRef !== null && channel.joinRef !== null && frame.joinRef !== channel.joinRef)) {
      if (frame.ref !== null && frame.event !== 'phx_leave') this.reply(frame, 'error', { reason: 'unmatched topic' });
      else if (frame.event === 'phx_leave') this.reply(frame, 'ok', {});
      return;
    }
    switch (frame.event) {
      case 'phx_leave':
        this.leave(channel);
        this.reply(frame, 'ok', {});
        return;
      case 'access_token':
        return this.refreshToken(channel, frame.payload.access_token);
      case 'presence':
        if (this.overLimit(frame)) return;
        return this.presence(channel, frame);
      case 'broadcast':
        if (this.overLimit(frame)) return;
        return this.broadcast(channel, frame);
      default:
        if (frame.ref !== null) this.reply(frame, 'error', { reason: `unsupported event ${frame.event}` });
    }
  }

  /** True (and the push refused) when this socket sent too many events in the last second. */
  private overLimit(frame: Frame): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 1_000) {
      this.windowStart = now;
      this.eventsInWindow = 0;
    }
    if (++this.eventsInWindow <= this.hub.limits.maxEventsPerSecond) return false;
    if (frame.ref !== null) this.reply(frame, 'error', { reason: 'Too many messages' });
    return true;
  }

  private async join(frame: Frame): Promise<void> {
    if (!frame.topic.startsWith(TOPIC_PREFIX) || frame.topic.length > 255) {
      this.reply(frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    // Phoenix replaces a channel joined again on the same socket.
    const previous = this.channels.get(frame.topic);
    if (previous !== undefined) this.leave(previous);
    else if (this.channels.size >= this.hub.limits.maxChannels) {
      this.reply(frame, 'error', { reason: 'Too many channels' });
      return;
    }

    const payload = frame.payload;
    const token = typeof payload.access_token === 'string' && payload.access_token !== '' ? payload.access_token : this.apikey;
    const check = await this.hub.checkToken(token, this.accountId);
    if (this.closed) return;
    if (!check.ok) {
      this.reply(frame, 'error', { reason: check.reason });
      return;
    }
    const config = record(payload.config);
    const broadcast = record(config.broadcast);
    const presence = record(config.presence);
    if (config.private === true) {
      const refused = await this.hub.privateAccess(check.claims, this.accountId);
      if (this.closed) return;
      if (refused !== null) {
        this.reply(frame, 'error', { reason: refused });
        return;
      }
    }
    const bindings = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    if (bindings.length > 0) {
      this.reply(frame, 'error', { reason: 'postgres_changes are not supported on this server' });
      return;
    }
    const channel: JoinedChannel = {
      topic: frame.topic,
      topicKey: topicKeyOf(this.accountId, frame.topic, config.private === true),
      joinRef: frame.joinRef ?? frame.ref,
      claims: check.claims,
      isPrivate: config.private === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : randomUUID(),
      presenceOn: false,
      self: broadcast.self === true,
      ack: broadcast.ack === true,
      tracked: null,
    };
    this.channels.set(frame.topic, channel);
    this.byKey.set(channel.topicKey, channel);
    this.hub.subscribe(channel.topicKey, this);
    this.reply(frame, 'ok', { postgres_changes: [] });
    // realtime-js buffers presence diffs until presence_state for this join arrives.
    if (presence.enabled !== false) this.sendPresenceState(channel);
  }

  private sendPresenceState(channel: JoinedChannel): void {
    channel.presenceOn = true;
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'presence_state', payload: this.hub.presenceState(channel.topicKey) });
  }

  private presence(channel: JoinedChannel, frame: Frame): void {
    const event = frame.payload.event;
    if (event === 'track') {
      const tracked = withTrueIdentity(record(frame.payload.payload), channel.claims);
      const outOfBounds = checkPayloadBounds(tracked);
      if (outOfBounds !== null) {
        this.reply(frame, 'error', { reason: outOfBounds });
        return;
      }
      if (!channel.presenceOn) this.sendPresenceState(channel);
      const meta: PresenceMeta = { ...tracked, phx_ref: this.hub.nextRef() };
      const old = channel.tracked;
      if (old !== null) meta.phx_ref_prev = old.phx_ref;
      channel.tracked = meta;
      this.hub.publishDiff(channel.topicKey, presenceMap(channel.presenceKey, meta), presenceMap(channel.presenceKey, old));
      this.reply(frame, 'ok', {});
    } else if (event === 'untrack') {
      this.untrack(channel);
      this.reply(frame, 'ok', {});
    } else {
      this.reply(frame, 'error', { reason: 'unknown presence event' });
    }
  }

  private broadcast(channel: JoinedChannel, frame: Frame): void {
    const event = frame.payload.event;
    if (typeof event !== 'string') {
      if (frame.ref !== null) this.reply(frame, 'error', { reason: 'broadcast needs an event' });
      return;
    }
    if (isServerOnlyEvent(channel.topic, event)) {
      if (frame.ref !== null) this.reply(frame, 'error', { reason: `${event} is sent by the server only` });
      return;
    }
    const payload = frame.payload.payload ?? {};
    // Raw bytes only come from a binary frame, whose size the decoder already bounded.
    const outOfBounds = Buffer.isBuffer(payload) ? null : checkPayloadBounds(payload);
    if (outOfBounds !== null) {
      if (frame.ref !== null) this.reply(frame, 'error', { reason: outOfBounds });
      return;
    }
    this.hub.publishBroadcast(channel.topicKey, event, payload, this.id);
    if (channel.ack) this.reply(frame, 'ok', {});
  }

  private async refreshToken(channel: JoinedChannel, token: unknown): Promise<void> {
    const check = await this.hub.checkToken(typeof token === 'string' ? token : undefined, this.accountId);
    const refused = check.ok ? (channel.isPrivate ? await this.hub.privateAccess(check.claims, this.accountId) : null) : check.reason;
    if (this.channels.get(channel.topic) !== channel) return;
    if (check.ok && refused === null) channel.claims = check.claims;
    else this.endChannel(channel, refused ?? 'Invalid access token');
  }

  /** On each heartbeat: channels whose token expired or whose session ended are closed. */
  private async recheckChannels(): Promise<void> {
    for (const channel of [...this.channels.values()]) {
      const check = await this.hub.checkSession(channel.claims);
      if (!check.ok && this.channels.get(channel.topic) === channel) this.endChannel(channel, check.reason);
    }
  }

  /** Tells the client why, then closes the channel the way supabase/realtime does. */
  private endChannel(channel: JoinedChannel, reason: string): void {
    const subTopic = channel.topic.slice(TOPIC_PREFIX.length);
    this.send({
      joinRef: channel.joinRef,
      ref: null,
      topic: channel.topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message: reason, channel: subTopic },
    });
    this.send({ joinRef: channel.joinRef, ref: null, topic: channel.topic, event: 'phx_close', payload: {} });
    this.leave(channel);
  }

  private untrack(channel: JoinedChannel): void {
    if (channel.tracked === null) return;
    this.hub.publishDiff(channel.topicKey, {}, presenceMap(channel.presenceKey, channel.tracked));
    channel.tracked = null;
  }

  private leave(channel: JoinedChannel): void {
    this.untrack(channel);
    this.channels.delete(channel.topic);
    if (this.byKey.get(channel.topicKey) === channel) this.byKey.delete(channel.topicKey);
    this.hub.unsubscribe(channel.topicKey, this);
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const channel of [...this.channels.values()]) this.leave(channel);
  }
}
