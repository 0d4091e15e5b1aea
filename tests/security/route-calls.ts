import type { RegisteredRoute } from '@lectern/core';
import type { AccountSnapshot } from './account-snapshot.js';
import { primaryType, propertyPaths, sampleValue, withProperty, type Schema } from './schema-sample.js';

/** One request of the probe, before a host and a token are given to it. */
export interface ProbeCall {
  route: RegisteredRoute;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the probe is trying (for failure messages). */
  variant: string;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)|\*/g;
const ID_NAME = /(^id$|Id$|_id$|^(course|item|student|user|quiz|order|product|ticket|role|topic)$)/;

/** The path parameters of a route, in order (`*` for a wildcard). */
export function routeParams(url: string): string[] {
  return [...url.matchAll(PARAM)].map((match) => match[1] ?? '*');
}

/** Fills a route's path with values (already encoded by the caller where they must be). */
export function buildPath(url: string, values: Record<string, string>): string {
  return url.replace(PARAM, (whole, name: string | undefined) => values[name ?? '*'] ?? 'probe');
}

/** What the word before or in a parameter names: courses/:id → course, :quizId → quiz. */
function subjectOf(url: string, param: string): string {
  const own = param.replace(/(Id|_id)$/, '');
  if (own !== 'id' && own !== '*') return own.toLowerCase();
  const before =
    url
      .slice(0, url.indexOf(param === '*' ? '*' : `:${param}`))
      .split('/')
      .filter(Boolean)
      .pop() ?? '';
  return before
    .replace(/ies$/, 'y')
    .replace(/(zz)?es$/, '')
    .replace(/s$/, '')
    .replace(/-/g, '_')
    .toLowerCase();
}

const SUBJECT_TABLES: Record<string, string[]> = {
  quiz: ['lms_items'],
  item: ['lms_items'],
  assignment: ['lms_items'],
  question: ['lms_questions'],
  student: ['users'],
  user: ['users'],
  page: ['content_items'],
  post: ['content_items'],
  revision: ['content_revisions'],
  term: ['terms'],
  provider: ['auth_providers'],
  factor: ['auth_mfa_factors'],
  batche: ['mail_batches'],
  batch: ['mail_batches'],
  update: ['platform_updates'],
  notification: ['notifications', 'account_notifications'],
  quiz_submission: ['lms_quiz_submissions'],
  assignment_submission: ['lms_assignment_submissions'],
};

/** Another account's values for a parameter: ids of the tables it most likely names, else of every table. */
export function candidatesFor(url: string, param: string, other: AccountSnapshot): { best: string[]; any: string[] } {
  const allIds = [...other.ids.entries()].flatMap(([, ids]) => ids.slice(0, 1));
  const subject = subjectOf(url, param);
  if (/slug/i.test(param)) return { best: other.slugs.slice(0, 8), any: [] };
  if (/code/i.test(param)) return { best: other.codes.slice(0, 8), any: [] };
  if (param === 'bucket') return { best: [...new Set(other.objects.map((o) => o.bucket))], any: [] };
  if (param === '*') {
    return {
      best: url.startsWith('/storage/') ? other.objects.map((o) => o.path.split('/').map(encodeURIComponent).join('/')) : other.slugs.slice(0, 8),
      any: [],
    };
  }
  const tables =
    SUBJECT_TABLES[subject] ??
    [...other.ids.keys()].filter(
      (table) => table.replace(/^(lms|ecommerce)_/, '').replace(/s$/, '') === subject || table.endsWith(`_${subject}s`) || table === `${subject}s`,
    );
  const best = tables.flatMap((table) => other.ids.get(table)?.slice(0, 4) ?? []);
  if (subject === 'course' && best.length > 0) best.push(...other.slugs.slice(0, 2));
  return { best: best.length > 0 ? best : allIds.slice(0, 6), any: ID_NAME.test(param) ? allIds : [] };
}

/** A body or query value with every id-like field set to another account's id. */
function withOtherIds(schema: Schema | undefined, value: unknown, otherId: string, accountId: string): unknown {
  let next = value;
  for (const { path, schema: child } of propertyPaths(schema)) {
    const name = path[path.length - 1] as string;
    const type = primaryType(child);
    if (name === 'account_id' || name === 'accountId' || name === 'site') next = withProperty(next, path, accountId);
    else if (ID_NAME.test(name) && type === 'string') next = withProperty(next, path, otherId);
    else if (/(_ids|Ids)$/.test(name) && type === 'array') next = withProperty(next, path, [otherId]);
  }
  return next;
}

/** A query string for a sample value (arrays as repeated keys, objects as JSON). */
export function queryString(value: unknown): string {
  if (value === null || typeof value !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (entry === undefined) continue;
    if (Array.isArray(entry)) for (const item of entry) params.append(key, String(item));
    else params.append(key, typeof entry === 'object' ? JSON.stringify(entry) : String(entry));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Whether a route reads a body (DELETE only when it declares one). */
export function takesBody(route: RegisteredRoute): boolean {
  return route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH' || (route.method === 'DELETE' && route.schema.body !== undefined);
}

function jsonCall(route: RegisteredRoute, path: string, query: unknown, body: unknown, variant: string): ProbeCall {
  const hasBody = takesBody(route);
  return {
    route,
    method: route.method,
    url: `${path}${queryString(query)}`,
    headers: hasBody ? { 'content-type': 'application/json' } : {},
    ...(hasBody ? { payload: JSON.stringify(body ?? {}) } : {}),
    variant,
  };
}

/**
 * Calls that put another account's ids, slugs and paths in every place a route takes them: each
 * path parameter in turn (the others at their likeliest value), and id-like body and query fields.
 */
export function crossTenantCalls(route: RegisteredRoute, other: AccountSnapshot, otherAccountId: string, sweep: boolean): ProbeCall[] {
  const params = routeParams(route.url);
  const candidates = new Map(params.map((param) => [param, candidatesFor(route.url, param, other)]));
  const base: Record<string, string> = {};
  for (const param of params) base[param] = candidates.get(param)?.best[0] ?? candidates.get(param)?.any[0] ?? 'probe';
  const bodySchema = route.schema.body as Schema | undefined;
  const querySchema = route.schema.querystring as Schema | undefined;
  const firstId = other.ids.get('users')?.[0] ?? [...other.uuids][0] ?? '00000000-0000-0000-0000-000000000000';
  const calls: ProbeCall[] = [];
  const seen = new Set<string>();
  const add = (values: Record<string, string>, otherId: string, variant: string) => {
    const body = withOtherIds(bodySchema, sampleValue(bodySchema), otherId, otherAccountId);
    const query = withOtherIds(querySchema, sampleValue(querySchema), otherId, otherAccountId);
    const call = jsonCall(route, buildPath(route.url, values), query, body, variant);
    const key = `${call.url} ${call.payload ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    calls.push(call);
  };
  add(base, base[params[params.length - 1] ?? ''] ?? firstId, 'likeliest ids');
  for (const param of params) {
    const { best, any } = candidates.get(param) ?? { best: [], any: [] };
    for (const value of [...best, ...(sweep ? any : [])]) add({ ...base, [param]: value }, value, `${param} = another account's value`);
  }
  if (params.length === 0) for (const [table, ids] of other.ids) if (ids[0] !== undefined && sweep) add(base, ids[0], `body ids from ${table}`);
  return calls;
}
