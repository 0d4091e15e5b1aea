import type { TestKernel } from '@lectern/sdk/testing';
import type { ProbeCall } from './route-calls.js';

/** Longest a probe request may take before it counts as a hang. */
const HANG_MS = 20_000;

/** A stack frame ("at fn (/path/file.js:1:2)"), a file:line:column anywhere, or a dependency's path. */
const STACK_TRACE = /^\s+at (?:async )?(?:[^\s(]+ \()?(?:file:\/\/|node:|\/)[^\s)]*:\d+:\d+\)?\s*$|\b[\w./-]+\.(?:ts|tsx|js|mjs|cjs):\d+:\d+|node_modules\//m;
const SQL_TEXT =
  /\b(?:SELECT [\w*"., ]+ FROM|INSERT INTO|UPDATE "?\w+"? SET|DELETE FROM)\b|syntax error at or near|violates (?:foreign key|unique|check|not-null) constraint|relation "[\w.]+" does not exist|invalid input syntax for type|current transaction is aborted|duplicate key value/;

export interface ProbeAnswer {
  status: number;
  body: string;
  headers: Record<string, unknown>;
  /** True when no answer came in time. */
  hung: boolean;
}

export interface ProbeProblem {
  kind: 'server error' | 'stack trace' | 'sql text' | 'hang' | 'leak' | 'token accepted' | 'crash' | 'error body';
  call: string;
  detail: string;
}

/** Counts of one probe run, printed at the end and asserted on. */
export class ProbeTally {
  calls = 0;
  readonly problems: ProbeProblem[] = [];

  count(kind: ProbeProblem['kind']): number {
    return this.problems.filter((problem) => problem.kind === kind).length;
  }

  record(kind: ProbeProblem['kind'], call: ProbeCall, detail: string): void {
    this.problems.push({
      kind,
      call: `${call.method} ${call.url.slice(0, 200)} (${call.route.method} ${call.route.url}; ${call.variant})`,
      detail: detail.slice(0, 400),
    });
  }
}

/** Sends one probe call to a host, as someone or no one, and checks what any answer must never be. */
export async function send(t: TestKernel, tally: ProbeTally, call: ProbeCall, host: string, token?: string): Promise<ProbeAnswer> {
  tally.calls++;
  const headers: Record<string, string> = { host, ...call.headers };
  if (headers['content-type'] === '') delete headers['content-type'];
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'hang'>((resolve) => {
    timer = setTimeout(() => resolve('hang'), HANG_MS);
  });
  const injected = t.app.inject({ method: call.method as 'GET', url: call.url, headers, ...(call.payload === undefined ? {} : { payload: call.payload }) });
  const result = await Promise.race([injected, timeout]).finally(() => clearTimeout(timer));
  if (result === 'hang') {
    tally.record('hang', call, `no answer within ${HANG_MS} ms`);
    return { status: 0, body: '', headers: {}, hung: true };
  }
  const body = result.body;
  if (result.statusCode >= 500) tally.record('server error', call, `${result.statusCode}: ${body.slice(0, 300)}`);
  // Scripts and styles we serve are code, not answers: only answers are searched for traces.
  const type = String(result.headers['content-type'] ?? '');
  const isAsset = /javascript|css|image\/|font\/|wasm|octet-stream/.test(type);
  if (!isAsset && STACK_TRACE.test(body)) tally.record('stack trace', call, body.slice(0, 300));
  if (result.statusCode >= 400 && SQL_TEXT.test(body)) tally.record('sql text', call, body.slice(0, 300));
  if (result.statusCode >= 400 && isLecternApi(call.url) && !isErrorBody(body, result.statusCode))
    tally.record('error body', call, `${result.statusCode}: ${body.slice(0, 300)}`);
  return { status: result.statusCode, body, headers: result.headers, hung: false };
}

/** Lectern's own API (not GoTrue's, storage-api's or realtime's wire formats, nor the OpenAPI pages). */
const isLecternApi = (url: string): boolean => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** DESIGN §7's error body: the code, the i18n key the dashboard translates, an English message and the status. */
function isErrorBody(body: string, status: number): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    // SPEC §8's enrol refusal is a result the SPEC shapes ({status: 0, error: "Seats Error", code: "seats"}), not an error body.
    if (parsed.status === 0) return true;
    return typeof parsed.error === 'string' && typeof parsed.messageKey === 'string' && typeof parsed.message === 'string' && parsed.statusCode === status;
  } catch {
    return false;
  }
}
