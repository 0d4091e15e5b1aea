import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/errors.js';
import { classifyHost } from '../tenancy/hosts.js';
import { checkCustomDomain, normalizeCustomDomain } from './domain.js';

const PLATFORM = 'lectern.example';

describe('checkCustomDomain', () => {
  it('accepts domain names in canonical form: lower case, no trailing dot', () => {
    expect(checkCustomDomain('Learn.Acme.IO.', PLATFORM)).toEqual({ ok: true, domain: 'learn.acme.io' });
    expect(checkCustomDomain('  school.co.uk ', PLATFORM)).toEqual({ ok: true, domain: 'school.co.uk' });
    expect(checkCustomDomain('a-b.xn--p1ai-test.com', PLATFORM)).toEqual({ ok: true, domain: 'a-b.xn--p1ai-test.com' });
  });

  it('accepts labels of exactly 63 characters and names up to 253', () => {
    const label63 = 'a'.repeat(63);
    expect(checkCustomDomain(`${label63}.com`, PLATFORM).ok).toBe(true);
    const long = `${[label63, label63, label63].join('.')}.${'b'.repeat(58)}.io`;
    expect(long.length).toBe(253);
    expect(checkCustomDomain(long, PLATFORM).ok).toBe(true);
    expect(checkCustomDomain(`x.${long}`, PLATFORM).ok).toBe(false);
  });

  it.each([
    ['', 'empty'],
    ['localhost', 'one label'],
    ['example.c', 'one-letter TLD'],
    ['example.123', 'numeric TLD'],
    ['192.168.1.10', 'an IP address'],
    ['-bad.example.com', 'label starting with a hyphen'],
    ['bad-.example.com', 'label ending with a hyphen'],
    ['ex..ample.com', 'empty label'],
    [`${'a'.repeat(64)}.com`, 'label over 63 characters'],
    ['exa mple.com', 'space'],
    ['exa_mple.com', 'underscore'],
    ['https://example.com', 'a URL, not a name'],
    ['example.com/path', 'a path'],
    ['example.com:8080', 'a port'],
  ])('refuses %j (%s)', (input) => {
    expect(checkCustomDomain(input, PLATFORM).ok).toBe(false);
  });

  it('refuses the platform domain and every name under it, whatever the case', () => {
    expect(checkCustomDomain('lectern.example', PLATFORM).ok).toBe(false);
    expect(checkCustomDomain('Other-Site.Lectern.Example', PLATFORM).ok).toBe(false);
    expect(checkCustomDomain('deep.sub.lectern.example.', PLATFORM).ok).toBe(false);
    // A name that merely ends with the same letters is someone else's domain.
    expect(checkCustomDomain('mylectern.example', PLATFORM)).toEqual({ ok: true, domain: 'mylectern.example' });
  });

  it('gives only names that host resolution reads as custom domains', () => {
    for (const input of ['learn.acme.io', 'a.io', 'Shop.Example.ORG.']) {
      const result = checkCustomDomain(input, PLATFORM);
      if (!result.ok) throw new Error(`${input} refused: ${result.reason}`);
      expect(classifyHost(result.domain, PLATFORM)).toEqual({ kind: 'custom', domain: result.domain });
    }
  });
});

describe('normalizeCustomDomain', () => {
  it('throws invalid_domain with the reason', () => {
    try {
      normalizeCustomDomain('x.lectern.example', PLATFORM);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_domain');
      expect((error as AppError).statusCode).toBe(400);
      expect((error as AppError).message).toMatch(/belong to the platform/);
    }
  });
});
