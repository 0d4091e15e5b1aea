/** The IPC protocol between the bench runner (parent) and a server process (child). */

export const SCENARIOS = ['fastify-hello', 'fastify-pg', 'kernel-read', 'site-cached', 'site-render'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value);
}

/** What the server needs to be addressed: the Host header to send and, for tenant reads, whose rows. */
export interface ServerInfo {
  port: number;
  /** Host header to send; undefined for the bare servers, which ignore it. */
  hostHeader?: string;
  /** The account the bench rows belong to (kernel-read reports it; fastify-pg reads it). */
  accountId?: string;
  /** Human-readable database description (kernel-read and fastify-pg). */
  database?: string;
  databaseKind?: 'embedded' | 'postgres';
}

export type ChildMessage =
  | ({ type: 'ready' } & ServerInfo)
  | { type: 'memory'; rss: number; maxRss: number }
  | { type: 'failed'; message: string };

export type ParentMessage = { type: 'memory' } | { type: 'stop' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isChildMessage(value: unknown): value is ChildMessage {
  if (!isRecord(value)) return false;
  if (value.type === 'ready') return typeof value.port === 'number';
  if (value.type === 'memory') return typeof value.rss === 'number' && typeof value.maxRss === 'number';
  if (value.type === 'failed') return typeof value.message === 'string';
  return false;
}

export function isParentMessage(value: unknown): value is ParentMessage {
  return isRecord(value) && (value.type === 'memory' || value.type === 'stop');
}
