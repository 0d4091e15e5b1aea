import { classifyAddress, isIpAddress } from './address-policy.js';

/** One OUTBOUND_ALLOW entry: a host name or IP address, and optionally the one port it covers. */
export interface AllowEntry {
  /** Host name (lower case) or IP address (canonical, IPv6 without brackets). */
  host: string;
  isIp: boolean;
  /** Undefined: every port. */
  port?: number;
}

/**
 * Reads one allow-list entry: `127.0.0.1`, `localhost:4000`, `[::1]:8080`, `idp.internal`.
 * The host goes through the WHATWG URL parser so that it is spelled the way request URLs are
 * (127.1 becomes 127.0.0.1). Returns a message saying what is wrong for anything else.
 */
export function parseAllowEntry(raw: string): AllowEntry | string {
  const text = raw.trim();
  if (text === '' || /[\s/?#@]/.test(text)) return `"${raw}" is not a host or host:port`;
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return `"${raw}" is not a host or host:port`;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return `"${raw}" has no host`;
  // URL drops a port equal to the scheme's default; the entry meant it all the same.
  const portText = /:(\d+)$/.exec(text)?.[1];
  const port = portText === undefined ? undefined : Number(portText);
  if (port !== undefined && (port < 1 || port > 65535)) return `"${raw}" has a port outside 1-65535`;
  const isIp = isIpAddress(host);
  return { host: isIp ? classifyAddress(host).address : host.toLowerCase(), isIp, ...(port === undefined ? {} : { port }) };
}

/** The explicit exceptions to the outbound address policy (development and tests). */
export class AllowList {
  constructor(readonly entries: readonly AllowEntry[]) {}

  static parse(raw: readonly string[]): AllowList {
    const entries: AllowEntry[] = [];
    for (const item of raw) {
      const entry = parseAllowEntry(item);
      if (typeof entry === 'string') throw new Error(`OUTBOUND_ALLOW: ${entry}`);
      entries.push(entry);
    }
    return new AllowList(entries);
  }

  /**
   * Whether a target is allowed whatever its address: its host name is listed, or the address it
   * resolved to is, on the listed port (or any port when the entry names none).
   */
  allows(hostname: string, address: string, port: number): boolean {
    const host = hostname
      .replace(/^\[|\]$/g, '')
      .toLowerCase()
      .replace(/\.$/, '');
    return this.entries.some((entry) => (entry.port === undefined || entry.port === port) && (entry.isIp ? entry.host === address : entry.host === host));
  }
}
