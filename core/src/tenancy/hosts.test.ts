import { describe, expect, it } from 'vitest';
import { classifyHost, isDomainName } from './hosts.js';

describe('classifyHost', () => {
  it('sends the platform domain to the platform account', () => {
    expect(classifyHost('localhost', 'localhost')).toEqual({ kind: 'platform' });
    expect(classifyHost('Example.com.', 'example.com')).toEqual({ kind: 'platform' });
  });

  it('reads a tenant slug from the first label', () => {
    expect(classifyHost('demo.localhost', 'localhost')).toEqual({ kind: 'slug', slug: 'demo' });
    expect(classifyHost('my-school.example.com', 'example.com')).toEqual({ kind: 'slug', slug: 'my-school' });
  });

  it('treats other domain names as custom domains', () => {
    expect(classifyHost('learn.acme.io', 'example.com')).toEqual({ kind: 'custom', domain: 'learn.acme.io' });
  });

  it('rejects what is neither', () => {
    expect(classifyHost('a.b.localhost', 'localhost')).toEqual({ kind: 'invalid' });
    expect(classifyHost('127.0.0.1', 'localhost')).toEqual({ kind: 'invalid' });
    expect(classifyHost('-bad.localhost', 'localhost')).toEqual({ kind: 'invalid' });
  });
});

describe('isDomainName (SPEC §5 custom domain)', () => {
  it.each(['example.com', 'learn.my-school.co.uk', 'A.IO'])('accepts %s', (d) => expect(isDomainName(d)).toBe(true));
  it.each(['localhost', 'example', 'exa mple.com', '-x.com', 'x.c', 'http://x.com', '1.2.3.4'])('rejects %s', (d) => expect(isDomainName(d)).toBe(false));
});
