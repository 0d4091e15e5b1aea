import ipaddr from 'ipaddr.js';

/**
 * The client a per-client limit counts: an IPv4 address as it is, an IPv6 client by its /64.
 * One subscriber, host or VM is usually handed a whole /64 and can use any of its 2^64
 * addresses, so counting each IPv6 address apart would give whoever holds a prefix an endless
 * supply of fresh allowances. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) count as the IPv4
 * address they carry; anything that is not an address is counted as it is.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const prefix = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${prefix.join(':')}::/64`;
}
