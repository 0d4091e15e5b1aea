import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { MessageBus } from '../cache/bus.js';
import type { SessionService } from '../auth/session-service.js';
import type { AccessClaims, TokenService } from '../auth/tokens.js';
import type { RealtimeBroadcaster } from './broadcaster.js';
import { checkChannelToken, sessionCheck, type ChannelClaims } from './channel-auth.js';
import { PresenceStore, type PresenceMap, type PresenceRecord } from './presence-store.js';
import { RealtimeConnection, topicKeyOf, topicOf, topicOfKey, type ConnectionHub } from './realtime-connection.js';
import { encodeUserBroadcast, type Vsn } from './serializer.js';

const BUS_CHANNEL = 'realtime';

/** What instances tell each other; `o` is the sending instance. */
type BusMessage =
  /** `bin`: the payload is raw bytes, carried as base64. */
  | { t: 'broadcast'; o: string; k: string; event: string; payload: unknown; from: string | null; bin?: true }
  | { t: 'diff'; o: string; k: string; joins: PresenceMap; leaves: PresenceMap }
  /** A started instance asks the others for their presences. */
  | { t: 'hello'; o: string }
  | { t: 'snapshot'; o: string; to: string; records: PresenceRecord[] }
  | { t: 'alive'; o: string }
  /** A stopping instance: its presences leave everywhere. */
  | { t: 'bye'; o: string };

export interface RealtimeOptions {
  /** A socket with no heartbeat for this long is closed (realtime-js beats every 25 s). */
  idleTimeoutMs?: number;
  /** How often an instance says it is alive; one silent for three periods loses its presences. */
  aliveIntervalMs?: number;
  /** Largest frame accepted from a client. */
  maxPayloadBytes?: number;
  /** Channels one socket may join at once. */
  maxChannels?: number;
  /** Broadcast and presence pushes one socket may send per second; more are refused. */
  maxEventsPerSecond?: number;
}

export interface RealtimeDependencies {
  bus: MessageBus;
  tokens: TokenService;
  sessions: SessionService;
  log: FastifyBaseLogger;
  /** Whether the user is a member of the account (private channels are for members only). */
  isMember: (accountId: string, userId: string) => Promise<boolean>;
}

/**
 * Supabase Realtime's broadcast and presence over Phoenix channels, for every site. Channels are
 * keyed by account id and topic, so equal names on two sites never meet. Broadcasts and presence
 * diffs go through the message bus (Redis pub/sub when configured), and every instance keeps the
 * presence state of all channels, so a socket sees the same channel whichever instance it hit.
 */
export class RealtimeService implements RealtimeBroadcaster {
  /** This kernel instance (not the process: tests run several kernels in one). */
  readonly instance = randomUUID();
  idleTimeoutMs: number;
  private readonly aliveIntervalMs: number;
  private readonly wss: WebSocketServer;
  private readonly presence = new PresenceStore();
  private readonly subscribers = new Map<string, Set<RealtimeConnection>>();
  private readonly connections = new Set<RealtimeConnection>();
  private readonly lastSeen = new Map<string, number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private refCounter = 0;
  private closed = false;
  private readonly hub: ConnectionHub;

  constructor(
    private readonly deps: RealtimeDependencies,
    options: RealtimeOptions = {},
  ) {
    this.idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
    this.aliveIntervalMs = options.aliveIntervalMs ?? 15_000;
    this.wss = new WebSocketServer({ noServer: true, maxPayload: options.maxPayloadBytes ?? 1024 * 1024 });
    this.hub = {
      log: deps.log,
      limits: { maxChannels: options.maxChannels ?? 100, maxEventsPerSecond: options.maxEventsPerSecond ?? 100 },
      checkToken: (token, accountId) => checkChannelToken(token, accountId, deps.tokens, deps.sessions),
      checkSession: (claims: ChannelClaims) => sessionCheck(claims, deps.sessions),
      privateAccess: (claims, accountId) => this.privateAccess(claims, accountId),
      subscribe: (topicKey, connection) => {
        const set = this.subscribers.get(topicKey) ?? new Set();
        set.add(connection);
        this.subscribers.set(topicKey, set);
      },
      unsubscribe: (topicKey, connection) => {
        const set = this.subscribers.get(topicKey);
        set?.delete(connection);
        if (set?.size === 0) this.subscribers.delete(topicKey);
      },
      presenceState: (topicKey) => this.presence.state(topicKey),
      publishDiff: (k, joins, leaves) => this.publish({ t: 'diff', o: this.instance, k, joins, leaves }),
      publishBroadcast: (k, event, payload, from) => this.publish(broadcastMessage(this.instance, k, event, payload, from)),
      nextRef: () => `${(this.refCounter++).toString(36)}-${this.instance.slice(0, 13)}`,
    };
  }

  async start(): Promise<void> {
    await this.deps.bus.subscribe(BUS_CHANNEL, (message) => this.receive(message));
    if (this.deps.bus.kind === 'redis') {
      this.publish({ t: 'hello', o: this.instance });
      this.timers.push(setInterval(() => this.heartbeatInstances(), this.aliveIntervalMs).unref());
    }
    // Every second, so a shortened idleTimeoutMs (tests) takes effect too; a cheap walk of a Set.
    this.timers.push(setInterval(() => this.closeIdleSockets(), 1_000).unref());
  }

  /**
   * Server-side push to everyone on one of an account's channels (e.g. 'notification' on
   * 'onlineUsers'); a Buffer payload goes out as bytes (vsn 2.0.0 sockets only).
   */
  async broadcast(
    accountId: string,
    channel: string,
    event: string,
    payload: Record<string, unknown> | Buffer,
    options: { private?: boolean } = {},
  ): Promise<void> {
    await this.publishNow(broadcastMessage(this.instance, topicKeyOf(accountId, topicOf(channel), options.private === true), event, payload, null));
  }

  /**
   * Why a caller may not use a site's private channels, or null when they may: private channels
   * are for the site's members, so a signed-in user (not an anonymous session) with a membership.
   */
  async privateAccess(claims: ChannelClaims, accountId: string): Promise<string | null> {
    if (claims.role !== 'authenticated') return 'Private channels need a signed-in member of this site';
    const user = claims as AccessClaims;
    if (user.is_anonymous === true) return 'Private channels need a signed-in member of this site, not an anonymous session';
    try {
      return (await this.deps.isMember(accountId, user.sub)) ? null : 'Private channels are for members of this site';
    } catch (error) {
      this.deps.log.warn({ err: error }, 'realtime: checking a membership failed');
      return 'Membership could not be checked; try again';
    }
  }

  /** Takes over an HTTP upgrade already checked for its account and serializer version. */
  accept(request: IncomingMessage, socket: Duplex, head: Buffer, site: { accountId: string; apikey: string | undefined; vsn: Vsn }): void {
    if (this.closed) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
      const connection = new RealtimeConnection(ws, site.vsn, site.accountId, site.apikey, this.hub);
      this.connections.add(connection);
      ws.on('close', () => this.connections.delete(connection));
    });
  }

  /** Number of open sockets (health and tests). */
  get socketCount(): number {
    return this.connections.size;
  }

  /** Closes every socket (their presences leave) and tells other instances this one is gone. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const connection of this.connections) connection.close(1001, 'server shutting down');
    // Other instances drop all of ours at once, whether or not the close frames got through.
    if (this.deps.bus.kind === 'redis') await this.publishNow({ t: 'bye', o: this.instance }).catch(() => undefined);
    for (const connection of this.connections) connection.terminate();
    this.wss.close();
  }

  private publish(message: BusMessage): void {
    // Once closing, sockets leaving need not tell anyone: other instances got 'bye'.
    if (this.closed) return;
    this.publishNow(message).catch((error: unknown) => this.deps.log.warn({ err: error }, 'realtime: publishing to the bus failed'));
  }

  private async publishNow(message: BusMessage): Promise<void> {
    await this.deps.bus.publish(BUS_CHANNEL, JSON.stringify(message));
  }

  private receive(raw: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(raw) as BusMessage;
    } catch {
      return;
    }
    if (message.o !== this.instance) this.lastSeen.set(message.o, Date.now());
    switch (message.t) {
      case 'broadcast': {
        const subscribers = this.subscribers.get(message.k);
        if (subscribers === undefined) return;
        if (message.bin === true && typeof message.payload === 'string') {
          // Every subscriber gets the same kind 4 frame: encoded once.
          const kind4 = encodeUserBroadcast(topicOfKey(message.k), message.event, Buffer.from(message.payload, 'base64'));
          for (const connection of subscribers) connection.deliverBytes(message.k, kind4, message.from);
        } else {
          for (const connection of subscribers) connection.deliverBroadcast(message.k, message.event, message.payload, message.from);
        }
        return;
      }
      case 'diff':
        if (this.presence.apply(message.k, message.joins, message.leaves, message.o)) this.fanOutDiff(message.k, message.joins, message.leaves);
        return;
      case 'hello':
        if (message.o !== this.instance) this.publish({ t: 'snapshot', o: this.instance, to: message.o, records: this.presence.recordsOf(this.instance) });
        return;
      case 'snapshot':
        if (message.to !== this.instance) return;
        for (const { topicKey, key, meta } of message.records) {
          const joins = { [key]: { metas: [meta] } };
          if (this.presence.apply(topicKey, joins, {}, message.o)) this.fanOutDiff(topicKey, joins, {});
        }
        return;
      case 'bye':
        if (message.o !== this.instance) this.dropInstance(message.o);
        this.lastSeen.delete(message.o);
        return;
      case 'alive':
        return;
    }
  }

  private fanOutDiff(topicKey: string, joins: PresenceMap, leaves: PresenceMap): void {
    for (const connection of this.subscribers.get(topicKey) ?? []) connection.deliverDiff(topicKey, joins, leaves);
  }

  private dropInstance(origin: string): void {
    for (const [topicKey, leaves] of this.presence.dropOrigin(origin)) this.fanOutDiff(topicKey, {}, leaves);
  }

  /** Says this instance is alive, and drops the presences of instances that went silent (crashed). */
  private heartbeatInstances(): void {
    this.publish({ t: 'alive', o: this.instance });
    const now = Date.now();
    for (const origin of this.presence.origins()) {
      if (origin === this.instance) continue;
      const seen = this.lastSeen.get(origin);
      if (seen === undefined) this.lastSeen.set(origin, now);
      else if (now - seen > 3 * this.aliveIntervalMs) {
        this.deps.log.warn({ instance: origin }, 'realtime: an instance went silent; dropping its presences');
        this.dropInstance(origin);
        this.lastSeen.delete(origin);
      }
    }
  }

  private closeIdleSockets(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const connection of this.connections) {
      if (connection.lastHeartbeat < cutoff) {
        this.deps.log.debug({ connection: connection.id }, 'realtime: closing an idle socket');
        connection.terminate();
      }
    }
  }
}

/** A broadcast as the bus carries it (JSON): raw bytes travel as base64. */
function broadcastMessage(instance: string, k: string, event: string, payload: unknown, from: string | null): BusMessage {
  if (Buffer.isBuffer(payload)) return { t: 'broadcast', o: instance, k, event, payload: payload.toString('base64'), from, bin: true };
  return { t: 'broadcast', o: instance, k, event, payload, from };
}
