import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

export type BusHandler = (message: string) => void;

/**
 * Fans cache purges (and later realtime events) out to every kernel instance. In-process by
 * default; over Redis pub/sub when REDIS_URL is set. Handlers also run on the publishing instance.
 */
export interface MessageBus {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: BusHandler): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'memory' | 'redis';
}

export class MemoryBus implements MessageBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, message: string): Promise<void> {
    this.emitter.emit(channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<void> {
    this.emitter.on(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisBus implements MessageBus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly local = new EventEmitter().setMaxListeners(0);
  private readonly channels = new Set<string>();

  constructor(
    url: string,
    private readonly prefix = 'lectern:',
  ) {
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(this.prefix)) this.local.emit(channel.slice(this.prefix.length), message);
    });
  }

  async connect(): Promise<void> {
    await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.publisher.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, handler: BusHandler): Promise<void> {
    this.local.on(channel, handler);
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      await this.subscriber.subscribe(this.prefix + channel);
    }
  }

  async close(): Promise<void> {
    this.local.removeAllListeners();
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }
}

export async function openBus(redisUrl: string | undefined, prefix = 'lectern:'): Promise<MessageBus> {
  if (redisUrl === undefined) return new MemoryBus();
  const bus = new RedisBus(redisUrl, prefix);
  await bus.connect();
  return bus;
}

/** An id for this process, so an instance can tell its own messages apart when it needs to. */
export const instanceId = randomUUID();
