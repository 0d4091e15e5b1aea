import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** Why an outbound request failed after its address was allowed. */
export type OutboundFailure = 'timeout' | 'response_too_large' | 'too_many_redirects' | 'redirect_refused' | 'connection_failed';

export class OutboundError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundError';
  }
}

export interface PinnedRequest {
  url: URL;
  /** The vetted address the connection must go to, whatever DNS says by then. */
  address: string;
  family: 4 | 6;
  method: string;
  headers: Headers;
  body: Buffer | undefined;
  signal: AbortSignal;
  maxResponseBytes: number;
}

/** Statuses whose responses have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * One HTTP exchange with the connection pinned to `address`: the socket's host lookup answers with
 * the vetted address (so a DNS answer that changed since the check cannot redirect it, and TLS
 * still checks the certificate against the host name), no pooled socket is reused, redirects are
 * not followed, and the body is read into memory up to `maxResponseBytes`.
 */
export function pinnedRequest(input: PinnedRequest): Promise<Response> {
  const { url, address, family } = input;
  const client = url.protocol === 'https:' ? https : http;
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const headers: Record<string, string> = {};
  input.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (input.body !== undefined) headers['content-length'] = String(input.body.length);

  return new Promise<Response>((resolve, reject) => {
    const request = client.request(
      {
        protocol: url.protocol,
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: input.method,
        headers,
        lookup,
        agent: false,
        signal: input.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > input.maxResponseBytes) {
            request.destroy(new OutboundError('response_too_large', `the response from ${url.origin} is larger than ${input.maxResponseBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 502;
          const responseHeaders = new Headers();
          for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
            responseHeaders.append(response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string);
          if (status < 200 || status > 599) {
            reject(new OutboundError('connection_failed', `${url.origin} answered with the invalid status ${status}`));
            return;
          }
          resolve(
            new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: response.statusMessage ?? '', headers: responseHeaders }),
          );
        });
      },
    );
    request.on('error', reject);
    request.end(input.body);
  });
}
