/** The IPC protocol between the bench runner (parent) and a server process (child). */

export const SCENARIOS = [
  'fastify-hello',
  'fastify-pg',
  'kernel-read',
  'site-cached',
  'site-render',
  'lms-complete',
  'lms-roster',
  'shop-products',
  'shop-quote',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export function isScenario(value: unknown): value is Scenario {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value);
}

/** What the LMS scenarios address: their courses, and tokens signed by the server for its users. */
export interface LmsBenchInfo {
  completeCourseId: string;
  unitIds: string[];
  /** One student per connection (the runner's BENCH_CONNECTIONS), each enrolled in the completion course. */
  studentTokens: string[];
  rosterCourseId: string;
  /** The roster course's student_count (the runner's BENCH_ROSTER_STUDENTS once seeded). */
  rosterStudents: number;
  /** A member with the owner role: manage_students and manage_options. */
  ownerToken: string;
  /** Seconds this boot spent seeding the roster; 0 when it was already there. */
  seedSeconds: number;
}

/** What the shop scenarios address: the demo shop's one-time products and its valid coupon. */
export interface ShopBenchInfo {
  productIds: string[];
  coupon: string;
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
  /** The LMS scenarios only. */
  lms?: LmsBenchInfo;
  /** The shop scenarios only. */
  shop?: ShopBenchInfo;
}

export type ChildMessage =
  // The info travels whole, so a field added to ServerInfo reaches the runner without more code.
  { type: 'ready'; info: ServerInfo } | { type: 'memory'; rss: number; maxRss: number } | { type: 'failed'; message: string };

export type ParentMessage = { type: 'memory' } | { type: 'stop' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

export function isChildMessage(value: unknown): value is ChildMessage {
  if (!isRecord(value)) return false;
  if (value.type === 'ready') return isRecord(value.info) && typeof value.info.port === 'number';
  if (value.type === 'memory') return typeof value.rss === 'number' && typeof value.maxRss === 'number';
  if (value.type === 'failed') return typeof value.message === 'string';
  return false;
}

export function isParentMessage(value: unknown): value is ParentMessage {
  return isRecord(value) && (value.type === 'memory' || value.type === 'stop');
}
