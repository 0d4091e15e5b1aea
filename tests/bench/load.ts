import autocannon from 'autocannon';
import { LatencyRecorder } from './latency-recorder.js';

/** One request of a sequence; headers add to the Host header (a bearer token, a content type). */
export interface LoadRequest {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadTarget {
  port: number;
  /** Paths requested (GET) in turn by every connection. */
  paths: string[];
  /**
   * Instead of paths: connection i sends sequences[i % length] in turn, so each connection can act
   * as its own user (its own token) and keep its own state consistent (complete, then un-complete).
   */
  sequences?: LoadRequest[][];
  hostHeader?: string;
}

function requestsOf(target: LoadTarget): LoadRequest[][] {
  if (target.sequences !== undefined && target.sequences.length > 0) return target.sequences;
  return [target.paths.map((path) => ({ method: 'GET', path }))];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  durationSeconds: number;
}

interface Fired {
  result: autocannon.Result;
  latencies: LatencyRecorder;
}

function fire(target: LoadTarget, connections: number, durationSeconds: number): Promise<Fired> {
  const latencies = new LatencyRecorder();
  const sequences = requestsOf(target);
  // Numbered per run, so the warm-up and the measurement both give connection i sequence i.
  let nextConnection = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${target.port}`,
        connections,
        duration: durationSeconds,
        headers: target.hostHeader === undefined ? {} : { host: target.hostHeader },
        requests: sequences[0],
        // autocannon copies its options per connection; this gives each its own sequence.
        setupClient: (client) => client.setRequests(sequences[nextConnection++ % sequences.length] ?? []),
      },
      (error: unknown, result) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve({ result, latencies })),
    );
    // autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond routes;
    // the per-response time it reports is exact, so percentiles come from those instead.
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.record(responseTime));
  });
}

/**
 * Warms the server up unmeasured (JIT, pools, caches), then measures. Any error or non-2xx reply
 * fails the run: numbers from a server answering 404s or 500s would be meaningless.
 */
export async function measure(target: LoadTarget, connections: number, warmupSeconds: number, durationSeconds: number): Promise<LoadResult> {
  if (warmupSeconds > 0) check((await fire(target, connections, warmupSeconds)).result, 'warm-up');
  const { result, latencies } = await fire(target, connections, durationSeconds);
  check(result, 'measurement');
  return {
    requestsPerSecond: result.requests.average,
    // Microseconds are the most this timing (one loaded process timing another) can claim.
    p50Ms: Number(latencies.percentile(50).toFixed(3)),
    p99Ms: Number(latencies.percentile(99).toFixed(3)),
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
  };
}

function check(result: autocannon.Result, phase: string): void {
  if (result.errors > 0 || result.non2xx > 0 || result.requests.total === 0) {
    throw new Error(
      `${phase} against ${result.url} had ${result.errors} errors (${result.timeouts} timeouts), ` +
        `${result.non2xx} non-2xx replies (4xx ${result['4xx']}, 5xx ${result['5xx']}) of ${result.requests.total} requests`,
    );
  }
}
