import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.js';

describe('safeUrl', () => {
  it('keeps web, mail, phone, site-path and anchor links', () => {
    for (const url of [
      'https://example.com/a?b=1#c',
      'http://example.com',
      'mailto:hi@example.com',
      'tel:+15551234',
      '/blog/post-1',
      '/',
      '#pricing',
      'HTTPS://EXAMPLE.COM',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
    expect(safeUrl('  /courses  ')).toBe('/courses');
  });

  it('turns scripts, data, other hosts in disguise and non-strings into #', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\nscript:alert(1)',
      'jav\tascript:x',
      'data:text/html,hi',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'evil.example/path',
      'ftp://example.com',
      'https://',
      '',
      '&#106;avascript:alert(1)',
    ]) {
      expect(safeUrl(url), url).toBe('#');
    }
    for (const value of [null, undefined, 42, {}, ['https://x.example']]) expect(safeUrl(value)).toBe('#');
  });
});
