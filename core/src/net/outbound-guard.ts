import { isIP } from 'node:net';
import { AppError, Errors } from '../errors/errors.js';
import { classifyAddress } from './address-policy.js';
import { AllowList } from './allow-list.js';
import { OutboundError, pinnedRequest } from './pinned-request.js';
import { isDefinitiveDnsAnswer, isLocalhostName, type DnsResolver } from './resolver.js';

export interface OutboundGuardOptions {
  resolver: DnsResolver;
  /** Targets reached whatever their address (OUTBOUND_ALLOW: development and tests). */
  allow?: AllowList;
  /** Largest response body read, in bytes (default 1 MiB). */
  maxResponseBytes?: number;
  /** Time for a whole fetch, redirects included, in milliseconds (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed by fetch (default 3). */
  maxRedirects?: number;
}

/** An address that passed the policy: the connection goes to `address` and nowhere else. */
export interface VettedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** What `fetch` accepts: the global fetch's arguments. */
export type GuardedFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The one way the server fetches an address a user supplied (OIDC issuers now; webhooks and
 * imports later). `vet` parses the URL (http and https only), resolves the name through the
 * kernel's resolver and refuses every address that is not global unicast: loopback, private,
 * carrier-grade NAT, link-local, unique-local, unspecified, multicast, broadcast, reserved and the
 * cloud metadata addresses, whatever their spelling (the WHATWG parser reads 127.1, 2130706433 and
 * 0x7f.1 as 127.0.0.1; IPv4-mapped IPv6 is judged as its IPv4 address). `fetch` connects only to
 * the address it vetted, follows redirects itself (each hop vetted again) and bounds time and size.
 * Refusals are AppErrors (400 address_not_allowed / address_unresolvable) raised before any socket
 * is opened.
 */
export class OutboundGuard {
  readonly allow: AllowList;
  private readonly maxResponseBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;

  constructor(private readonly options: OutboundGuardOptions) {
    this.allow = options.allow ?? new AllowList([]);
    this.maxResponseBytes = options.maxResponseBytes ?? 1024 * 1024;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRedirects = options.maxRedirects ?? 3;
  }

  /** Checks an address without connecting: the target to connect to, or a 400 saying why not. */
  async vet(input: string | URL): Promise<VettedTarget> {
    return this.check(input, true) as Promise<VettedTarget>;
  }

  /**
   * The checks that need no DNS query, for saving a setting (an issuer, a webhook): the scheme,
   * and the address when the host is an IP literal (any spelling) or a *.localhost name. Host names
   * are judged by what they resolve to when they are fetched.
   */
  async screen(input: string | URL): Promise<void> {
    await this.check(input, false);
  }

  private async check(input: string | URL, resolve: boolean): Promise<VettedTarget | undefined> {
    let url: URL;
    try {
      url = input instanceof URL ? new URL(input.href) : new URL(input);
    } catch {
      throw new AppError(Errors.addressNotAllowed, `"${String(input).slice(0, 200)}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppError(Errors.addressNotAllowed, `${url.protocol}// addresses are not fetched; use http or https`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
    const literal = isIP(host) !== 0;
    if (!resolve && !literal && !isLocalhostName(host)) return undefined;
    let addresses: Array<{ address: string }>;
    if (literal) addresses = [{ address: host }];
    else {
      try {
        addresses = await this.options.resolver.lookup(host);
      } catch (error) {
        const why = isDefinitiveDnsAnswer(error) ? 'it does not exist in DNS' : `the lookup failed (${String((error as { code?: unknown }).code ?? 'error')})`;
        throw new AppError(Errors.addressUnresolvable, `${url.origin} cannot be reached: ${why}`);
      }
      if (addresses.length === 0) throw new AppError(Errors.addressUnresolvable, `${url.origin} cannot be reached: it has no address`);
    }
    // Every address the name has must pass: a name answering one public and one private address
    // would otherwise reach the private one whenever the connection picks it.
    const verdicts = addresses.map((entry) => classifyAddress(entry.address));
    for (const verdict of verdicts) {
      if (verdict.refused === undefined || this.allow.allows(host, verdict.address, port)) continue;
      const where = literal ? verdict.address : `${host} resolves to ${verdict.address}, which`;
      throw new AppError(Errors.addressNotAllowed, `${url.origin} is not allowed: ${where} is ${verdict.refused}`, { address: verdict.address });
    }
    const first = verdicts[0] as { address: string; family: 4 | 6 };
    return { url, address: first.address, family: first.family };
  }

  /**
   * fetch() through the guard. Redirects are followed here (method and body as browsers do, the
   * credentials headers dropped on a change of origin), each hop vetted before it is connected;
   * `redirect: 'manual'` returns the 3xx as it came. Responses are buffered (bounded), so their
   * body can be read at once.
   */
  readonly fetch: GuardedFetch = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = AbortSignal.any([timeout, request.signal]);
    let url = new URL(request.url);
    let method = request.method;
    const headers = new Headers(request.headers);
    headers.delete('host');
    if (!headers.has('accept-encoding')) headers.set('accept-encoding', 'identity');
    if (!headers.has('user-agent')) headers.set('user-agent', 'Lectern');
    let body = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());

    for (let hops = 0; ; hops += 1) {
      const target = await this.vet(url);
      let response: Response;
      try {
        response = await pinnedRequest({ ...target, method, headers, body, signal, maxResponseBytes: this.maxResponseBytes });
      } catch (error) {
        if (error instanceof OutboundError) throw error;
        if (timeout.aborted) throw new OutboundError('timeout', `${url.origin} did not answer within ${this.timeoutMs} ms`, { cause: error });
        if (request.signal.aborted) throw request.signal.reason ?? error;
        throw new OutboundError('connection_failed', `${url.origin} could not be reached`, { cause: error });
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || location === null || request.redirect === 'manual') return response;
      if (request.redirect === 'error') throw new OutboundError('redirect_refused', `${url.origin} answered with a redirect`);
      if (hops >= this.maxRedirects) throw new OutboundError('too_many_redirects', `more than ${this.maxRedirects} redirects from ${request.url}`);
      const next = new URL(location, url);
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        if (method !== 'HEAD') method = 'GET';
        body = undefined;
        for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name);
      }
      if (next.origin !== url.origin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
      url = next;
    }
  };
}
