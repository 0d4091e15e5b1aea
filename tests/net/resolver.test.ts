import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, createResolver, DnsLookupError, isDefinitiveDnsAnswer, loadConfig, type DnsResolver } from '@lectern/core';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';
import { startLocalDns, type LocalDns } from '../support/local-dns.js';

describe("the kernel's DNS resolver, against a real DNS server on loopback", () => {
  let dns: LocalDns;
  let resolver: DnsResolver;

  beforeAll(async () => {
    dns = await startLocalDns();
    resolver = createResolver({ servers: [dns.server], timeoutMs: 1000, tries: 1 });
    dns.set('www.school.test', 'A', ['192.0.2.10']);
    dns.set('www.school.test', 'AAAA', ['2001:db8::10']);
    dns.set('school.test', 'TXT', ['v=spf1 -all', ['lectern-', 'split-value']]);
    dns.set('school.test', 'MX', [
      { exchange: 'mx2.school.test', priority: 20 },
      { exchange: 'mx1.school.test', priority: 10 },
    ]);
  });
  afterAll(async () => {
    await dns?.close();
  });

  it('looks host names up on the configured server, both families', async () => {
    const found = await resolver.lookup('WWW.school.test');
    expect(found).toEqual([
      { address: '192.0.2.10', family: 4 },
      { address: '2001:db8::10', family: 6 },
    ]);
    expect(
      dns.queries
        .filter((q) => q.name === 'www.school.test')
        .map((q) => q.type)
        .sort(),
    ).toEqual(['A', 'AAAA']);
  });

  it('reads TXT records as their character strings and MX records with priorities', async () => {
    const txt = await resolver.resolveTxt('school.test');
    expect(txt).toContainEqual(['v=spf1 -all']);
    expect(txt).toContainEqual(['lectern-', 'split-value']);
    const mx = await resolver.resolveMx('school.test');
    expect(mx.sort((a, b) => a.priority - b.priority)).toEqual([
      { exchange: 'mx1.school.test', priority: 10 },
      { exchange: 'mx2.school.test', priority: 20 },
    ]);
  });

  it('tells "no such name" and "no such record" (answers) from failures', async () => {
    const missing = await resolver.resolveTxt('nowhere.test').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(DnsLookupError);
    expect(missing).toMatchObject({ code: 'ENOTFOUND' });
    expect(isDefinitiveDnsAnswer(missing)).toBe(true);
    const noData = await resolver.resolveTxt('www.school.test').catch((error: unknown) => error);
    expect(noData).toMatchObject({ code: 'ENODATA' });
    expect(isDefinitiveDnsAnswer(noData)).toBe(true);
    await expect(resolver.lookup('nowhere.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });

    // A server that does not answer is a failure, not an answer: nothing listens on this port.
    const silent = createResolver({ servers: ['127.0.0.1:9'], timeoutMs: 200, tries: 1 });
    const failed = await silent.resolveTxt('school.test').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DnsLookupError);
    expect(isDefinitiveDnsAnswer(failed)).toBe(false);
  });

  it('answers IP literals and *.localhost itself, without a query', async () => {
    const before = dns.queries.length;
    expect(await resolver.lookup('10.0.0.1')).toEqual([{ address: '10.0.0.1', family: 4 }]);
    expect(await resolver.lookup('[::1]')).toEqual([{ address: '::1', family: 6 }]);
    expect((await resolver.lookup('school.localhost')).map((a) => a.address)).toEqual(['127.0.0.1', '::1']);
    expect(dns.queries.length).toBe(before);
  });

  it('is the kernel service `kernel.resolver`, pointed at DNS_SERVERS', async () => {
    let t: TestKernel | undefined;
    try {
      t = await createTestKernel({ env: { DNS_SERVERS: dns.server } });
      expect(await t.kernel.resolver.resolveTxt('school.test')).toContainEqual(['v=spf1 -all']);
    } finally {
      await t?.close();
    }
  });

  it('checks DNS_SERVERS and OUTBOUND_ALLOW at start, naming the bad entry', () => {
    expect(loadConfig({ DNS_SERVERS: '127.0.0.1:5353, [::1]:53', OUTBOUND_ALLOW: '127.0.0.1,localhost:4000' })).toMatchObject({
      dnsServers: ['127.0.0.1:5353', '[::1]:53'],
      outboundAllow: ['127.0.0.1', 'localhost:4000'],
    });
    try {
      loadConfig({ DNS_SERVERS: 'dns.example', OUTBOUND_ALLOW: 'http://x/' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/DNS_SERVERS .*"dns\.example"/);
      expect(problems).toMatch(/OUTBOUND_ALLOW .*"http:\/\/x\/"/);
    }
  });
});
