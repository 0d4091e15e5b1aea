import http from 'node:http';

export interface ProbeResponse {
  status: number;
  body: string;
}

/** One GET to 127.0.0.1 with an explicit Host header (fetch does not let us set Host) and any others. */
export function get(port: number, path: string, hostHeader: string | undefined, timeoutMs = 5_000, headers: Record<string, string> = {}): Promise<ProbeResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers: { ...headers, ...(hostHeader === undefined ? {} : { host: hostHeader }) }, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out after ${timeoutMs} ms`)));
    request.on('error', reject);
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

/**
 * Waits until the server answers the path with 200 and the expected body, so the load never
 * starts against a server still booting or one that answers with errors.
 */
export async function waitUntilAnswers(
  port: number,
  path: string,
  hostHeader: string | undefined,
  check: (body: unknown) => boolean,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await get(port, path, hostHeader, 5_000, headers);
      if (response.status === 200 && check(parseBody(response.body))) return;
      last = `HTTP ${response.status}: ${response.body.slice(0, 300)}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`GET ${path} (Host: ${hostHeader ?? '127.0.0.1'}) did not answer as expected within ${timeoutMs} ms; last: ${last}`);
}
