/** Pushes an event to everyone listening on one of an account's realtime channels. */
export interface RealtimeBroadcaster {
  broadcast(accountId: string, channel: string, event: string, payload: Record<string, unknown>): Promise<void>;
}
