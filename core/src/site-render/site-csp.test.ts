import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ownerScripts, siteCsp } from './site-csp.js';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('the site CSP', () => {
  it("allows the owner's inline scripts by hash and external ones by origin", () => {
    const inline = "window.dataLayer=[];gtag('js', new Date());";
    const found = ownerScripts(`<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script><script>${inline}</script>`);
    expect(found.hashes).toEqual([sha(inline)]);
    expect(found.origins).toEqual(['https://www.googletagmanager.com']);
    const csp = siteCsp(found, null);
    expect(csp).toContain(`script-src 'self' ${sha(inline)} https://www.googletagmanager.com`);
    expect(csp).not.toContain("'unsafe-inline' https");
  });

  it('allows no other script source: no unsafe-inline, no http origins, nothing for non-script markup', () => {
    const found = ownerScripts('<p>hello</p><script src="http://plain.example/x.js"></script><img src=x onerror="alert(1)">');
    expect(found).toEqual({ hashes: [], origins: [] });
    const scriptSrc = siteCsp(found, null)
      .split('; ')
      .find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self'");
  });

  it("lets the browser reach a site's own hosted backend", () => {
    expect(siteCsp({ hashes: [], origins: [] }, 'https://abc.supabase.co')).toContain("connect-src 'self' https://abc.supabase.co wss://abc.supabase.co");
  });
});
