import ipaddr from 'ipaddr.js';

/**
 * Addresses the cloud providers answer their instance metadata on. Most sit in ranges refused
 * anyway (link-local, unique-local); they are named so a refusal says what was at stake, and the
 * public-looking ones (Azure's wire server) are refused by name.
 */
const METADATA = new Set(['169.254.169.254', '169.254.170.2', 'fd00:ec2::254', '168.63.129.16', '100.100.100.200']);

/** What ipaddr.js calls each range, as a refusal names it. */
const RANGE_NAMES: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private (RFC 1918) address',
  carrierGradeNat: 'a carrier-grade NAT (100.64.0.0/10) address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local (fc00::/7) address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT relay address',
  as112: 'an AS112 address',
  as112v6: 'an AS112 address',
  discard: 'a discard-only address',
  deprecated: 'a deprecated address',
  orchid2: 'an ORCHID address',
  rfc6145: 'an IPv4-translated address',
  // Transition ranges carry an IPv4 address inside; refused whole rather than unwrapped, since
  // what they reach depends on gateways outside the kernel's view.
  rfc6052: 'a NAT64 (64:ff9b::/96) address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
};

export interface AddressVerdict {
  /** The address in canonical text (IPv4-mapped IPv6 shown as its IPv4 address). */
  address: string;
  family: 4 | 6;
  /** Why it may not be reached; undefined when it is an ordinary public unicast address. */
  refused?: string;
}

/** True when `text` is an IPv4 or IPv6 address in a form ipaddr.js reads (no brackets). */
export function isIpAddress(text: string): boolean {
  return ipaddr.isValid(text);
}

/**
 * Classifies one IP address: only global unicast addresses may be reached. IPv4-mapped IPv6
 * addresses (::ffff:127.0.0.1, ::ffff:7f00:1) are judged as the IPv4 address they carry.
 * Anything that does not parse is refused.
 */
export function classifyAddress(input: string): AddressVerdict {
  const text = input.replace(/^\[|\]$/g, '');
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return { address: text, family: text.includes(':') ? 6 : 4, refused: 'not an IP address' };
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const address = parsed.toString();
  const family = parsed.kind() === 'ipv4' ? 4 : 6;
  if (METADATA.has(address)) return { address, family, refused: 'a cloud metadata address' };
  const range = parsed.range();
  // ::a.b.c.d (IPv4-compatible, deprecated by RFC 4291) carries an IPv4 address that ipaddr.js
  // files under "unicast"; nothing public lives in ::/96, so all of it is refused.
  if (range === 'unicast' && family === 6 && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0)) {
    return { address, family, refused: 'an IPv4-compatible IPv6 address (::/96)' };
  }
  if (range === 'unicast') return { address, family };
  return { address, family, refused: RANGE_NAMES[range] ?? `a special-purpose address (${range})` };
}
