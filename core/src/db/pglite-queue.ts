import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
  onData: (data: Uint8Array) => void;
}

/** The internals of pglite-socket's query queue that the replacement below drives. */
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

// Extended-protocol messages that open or continue a sequence ending at Sync: Parse, Bind,
// Describe, Execute, Close, Flush.
const SEQUENCE = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);
// Messages after which the backend is ready for anyone again: Sync, simple Query, Terminate.
const SEQUENCE_END = new Set([0x53, 0x51, 0x58]);

/**
 * PGlite is one backend shared by every socket connection. pglite-socket keeps one connection's
 * messages together only inside a transaction; outside one, the Parse/Bind/Execute/Sync messages
 * of two connections can interleave, and one connection's statement runs with another's
 * parameters. This replaces its queue's scheduling so a connection keeps the backend from the
 * first message of an extended-protocol sequence until its Sync (and for a whole transaction, as
 * before). It also keeps the queue running after a failed message, where the original stopped.
 */
export function serializeConnections(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  const midSequence = new Set<number>();

  queue.processQueue = async function processQueue(this: QueryQueue): Promise<void> {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const holder = this.lastHandlerId;
        const sticky = holder !== null && (midSequence.has(holder) || this.db.isInTransaction());
        let item: QueuedMessage | undefined;
        if (sticky) {
          const index = this.queue.findIndex((q) => q.handlerId === holder);
          // The holder's next message has not arrived yet: wait for it (enqueue restarts us).
          if (index === -1) break;
          item = this.queue.splice(index, 1)[0];
        } else {
          item = this.queue.shift();
        }
        if (item === undefined) break;
        const type = item.message[0] ?? 0;
        if (SEQUENCE.has(type)) midSequence.add(item.handlerId);
        if (SEQUENCE_END.has(type)) midSequence.delete(item.handlerId);
        this.lastHandlerId = item.handlerId;
        let bytes = 0;
        const current = item;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data: Uint8Array) => {
                bytes += data.length;
                current.onData(data);
              },
            }),
          );
          current.resolve(bytes);
        } catch (error) {
          midSequence.delete(current.handlerId);
          current.reject(error);
        }
      }
    } finally {
      this.processing = false;
    }
  };

  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    // A connection that went away mid-sequence must not keep the backend waiting for it.
    midSequence.delete(handlerId);
    clear(handlerId);
    void queue.processQueue();
  };
}
