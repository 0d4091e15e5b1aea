import http from 'node:http';
import type { LoadRequest } from './load.js';

export interface ProbeResponse {
  status: number;
  body: string;
}

/** What a scenario's answer is checked with, before the load and again after it. */
export interface Probe {
  method?: LoadRequest['method'];
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request to 127.0.0.1 with an explicit Host header (fetch does not let us set Host) and any others. */
export function send(port: number, probe: Probe, hostHeader: string | undefined, timeoutMs = 5_000): Promise<ProbeResponse> {
  const { method = 'GET', path, headers = {}, body } = probe;
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(hostHeader === undefined ? {} : { host: hostHeader }) }, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** JSON bodies parsed; anything else (an HTML page) as its text. */
function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

/** One request; why it is not the expected answer (a 200 the check accepts), or null when it is. */
export async function wrongAnswer(port: number, probe: Probe, hostHeader: string | undefined, check: (body: unknown) => boolean): Promise<string | null> {
  try {
    const response = await send(port, probe, hostHeader);
    if (response.status === 200 && check(parseBody(response.body))) return null;
    return `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * Waits until the server answers the probe with 200 and the expected body, so the load never
 * starts against a server still booting or one that answers with errors.
 */
export async function waitUntilAnswers(
  port: number,
  probe: Probe,
  hostHeader: string | undefined,
  check: (body: unknown) => boolean,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    const wrong = await wrongAnswer(port, probe, hostHeader, check);
    if (wrong === null) return;
    last = wrong;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${probe.method ?? 'GET'} ${probe.path} (Host: ${hostHeader ?? '127.0.0.1'}) did not answer as expected within ${timeoutMs} ms; last: ${last}`,
  );
}
