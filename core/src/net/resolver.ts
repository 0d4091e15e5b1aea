import dns from 'node:dns';
import { isIP } from 'node:net';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface MxRecord {
  exchange: string;
  priority: number;
}

/**
 * The kernel's DNS: host lookups for outbound requests, TXT records for custom-domain proofs, MX
 * records for mail checks. A kernel can be given its own (KernelOptions.resolver) or pointed at
 * particular servers (DNS_SERVERS); tests run a real DNS server on loopback.
 */
export interface DnsResolver {
  /** The addresses a host name resolves to (IP literals and *.localhost answer without a query). */
  lookup(hostname: string): Promise<ResolvedAddress[]>;
  /** TXT records, each as the character strings it is made of (join them to read the value). */
  resolveTxt(name: string): Promise<string[][]>;
  resolveMx(name: string): Promise<MxRecord[]>;
}

/** Resolver failures keep node:dns's codes: ENOTFOUND and ENODATA are answers, the rest are not. */
export class DnsLookupError extends Error {
  constructor(
    readonly code: string,
    readonly hostname: string,
    options?: { cause?: unknown },
  ) {
    super(`${code === 'ENOTFOUND' || code === 'ENODATA' ? 'no such record' : `lookup failed (${code})`}: ${hostname}`, options);
    this.name = 'DnsLookupError';
  }
}

/**
 * True when the DNS answered that the name or record does not exist (a definite "no"), as opposed
 * to a timeout or a server failure (ask again later).
 */
export function isDefinitiveDnsAnswer(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOTFOUND' || code === 'ENODATA';
}

export interface ResolverOptions {
  /** DNS servers as `ip`, `ip:port` or `[ipv6]:port`; none: the system's resolver. */
  servers?: readonly string[];
  /** Milliseconds per query try (default 2000). */
  timeoutMs?: number;
  /** Tries per server (default 2). */
  tries?: number;
}

/** Checks one DNS_SERVERS entry; returns what is wrong, or undefined. */
export function dnsServerProblem(raw: string): string | undefined {
  const text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text);
  const plainV4 = /^([\d.]+)(?::(\d{1,5}))?$/.exec(text);
  const [host, port] = bracketed !== null ? [bracketed[1], bracketed[2]] : plainV4 !== null ? [plainV4[1], plainV4[2]] : [text, undefined];
  if (host === undefined || isIP(host) === 0) return `"${raw}" is not an IP address, ip:port or [ipv6]:port`;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return `"${raw}" has a port outside 1-65535`;
  return undefined;
}

const LOOPBACK: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

/** RFC 6761: localhost and every name under it are the machine itself, without asking DNS. */
export function isLocalhostName(name: string): boolean {
  const host = name.toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost');
}

function failure(error: unknown, hostname: string): DnsLookupError {
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : 'EFAIL';
  return new DnsLookupError(code, hostname, { cause: error });
}

/**
 * node:dns behind the DnsResolver interface. With servers, every query (host lookups included)
 * goes to them; without, host lookups use the system's resolver (getaddrinfo, /etc/hosts) and
 * record queries the system's DNS servers.
 */
export function createResolver(options: ResolverOptions = {}): DnsResolver {
  const resolver = new dns.promises.Resolver({ timeout: options.timeoutMs ?? 2000, tries: options.tries ?? 2 });
  const servers = options.servers ?? [];
  if (servers.length > 0) resolver.setServers([...servers]);

  async function queryAddresses(hostname: string): Promise<ResolvedAddress[]> {
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(hostname), resolver.resolve6(hostname)]);
    const found = [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
    if (found.length > 0) return found;
    const errors = [v4, v6].flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    // A name with neither record is "not found"; any other failure is reported as it is.
    const unexpected = errors.find((error) => !isDefinitiveDnsAnswer(error));
    throw unexpected === undefined ? new DnsLookupError('ENOTFOUND', hostname) : failure(unexpected, hostname);
  }

  return {
    async lookup(hostname) {
      const host = hostname.replace(/^\[|\]$/g, '');
      const family = isIP(host);
      if (family !== 0) return [{ address: host, family: family as 4 | 6 }];
      if (isLocalhostName(host)) return LOOPBACK.map((entry) => ({ ...entry }));
      if (servers.length > 0) return queryAddresses(host);
      try {
        const found = await dns.promises.lookup(host, { all: true, verbatim: true });
        if (found.length === 0) throw new DnsLookupError('ENOTFOUND', host);
        return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
      } catch (error) {
        throw error instanceof DnsLookupError ? error : failure(error, host);
      }
    },
    async resolveTxt(name) {
      try {
        return await resolver.resolveTxt(name);
      } catch (error) {
        throw failure(error, name);
      }
    },
    async resolveMx(name) {
      try {
        return await resolver.resolveMx(name);
      } catch (error) {
        throw failure(error, name);
      }
    },
  };
}
