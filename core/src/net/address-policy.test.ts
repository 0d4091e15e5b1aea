import { describe, expect, it } from 'vitest';
import { classifyAddress } from './address-policy.js';
import { AllowList, parseAllowEntry } from './allow-list.js';
import { dnsServerProblem } from './resolver.js';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['169.254.1.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:a00:1]', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['2002:7f00:1::', '6to4'],
    // What the URL parser makes of http://[::127.0.0.1]/ and http://[::8.8.8.8]/.
    ['::7f00:1', 'IPv4-compatible'],
    ['[::808:808]', 'IPv4-compatible'],
  ])('refuses %s (%s)', (address, reason) => {
    const verdict = classifyAddress(address);
    expect(verdict.refused).toBeDefined();
    expect(verdict.refused).toContain(reason);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(classifyAddress(address).refused).toBeUndefined();
  });

  it('judges an IPv4-mapped address as the IPv4 address it carries', () => {
    expect(classifyAddress('::ffff:7f00:1')).toMatchObject({ address: '127.0.0.1', family: 4 });
    expect(classifyAddress('::ffff:8.8.8.8')).toEqual({ address: '8.8.8.8', family: 4 });
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('example.com').refused).toBe('not an IP address');
  });
});

describe('the allow-list', () => {
  it('reads hosts, host:port and bracketed IPv6, spelled as URLs spell them', () => {
    expect(parseAllowEntry('127.0.0.1')).toEqual({ host: '127.0.0.1', isIp: true });
    expect(parseAllowEntry('127.1:4000')).toEqual({ host: '127.0.0.1', isIp: true, port: 4000 });
    expect(parseAllowEntry('LocalHost:80')).toEqual({ host: 'localhost', isIp: false, port: 80 });
    expect(parseAllowEntry('[::1]:8443')).toEqual({ host: '::1', isIp: true, port: 8443 });
  });

  it.each(['', 'http://x', 'a b', 'x:0', 'x:70000', 'user@host', 'host/path'])('refuses %j', (entry) => {
    expect(typeof parseAllowEntry(entry)).toBe('string');
  });

  it('allows a listed address on its port only, and a listed name whatever it resolves to', () => {
    const list = AllowList.parse(['127.0.0.1:4000', 'idp.internal']);
    expect(list.allows('127.0.0.1', '127.0.0.1', 4000)).toBe(true);
    expect(list.allows('127.0.0.1', '127.0.0.1', 4001)).toBe(false);
    expect(list.allows('school.localhost', '127.0.0.1', 4000)).toBe(true);
    expect(list.allows('IDP.internal.', '10.0.0.7', 443)).toBe(true);
    expect(list.allows('other.internal', '10.0.0.7', 443)).toBe(false);
    expect(() => AllowList.parse(['nope nope'])).toThrow(/OUTBOUND_ALLOW/);
  });
});

describe('DNS_SERVERS entries', () => {
  it.each(['127.0.0.1', '127.0.0.1:5353', '[::1]:53', '::1', '[2001:db8::1]'])('accepts %s', (entry) => {
    expect(dnsServerProblem(entry)).toBeUndefined();
  });
  it.each(['dns.example', '127.0.0.1:0', '127.0.0.1:99999', '1.2.3', ''])('refuses %j', (entry) => {
    expect(dnsServerProblem(entry)).toBeDefined();
  });
});
