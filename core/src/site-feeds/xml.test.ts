import { describe, expect, it } from 'vitest';
import { emptyElement, escapeXml, rfc822Date, textElement, w3cDate } from './xml.js';

describe('xml helpers', () => {
  it('escapes the five special characters, ampersand first so nothing is escaped twice', () => {
    expect(escapeXml(`Tom & Jerry's <"best"> &amp;`)).toBe('Tom &amp; Jerry&apos;s &lt;&quot;best&quot;&gt; &amp;amp;');
  });

  it('drops characters XML 1.0 cannot carry but keeps tabs, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u0008c\u001Fd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('line\tone\nline two\r')).toBe('line\tone\nline two\r');
    expect(escapeXml('ünïcödé 🎉 中文')).toBe('ünïcödé 🎉 中文');
  });

  it('escapes text and attribute values of elements', () => {
    expect(textElement('title', 'A < B', { note: 'say "hi" & <bye>' })).toBe('<title note="say &quot;hi&quot; &amp; &lt;bye&gt;">A &lt; B</title>');
    expect(emptyElement('atom:link', { href: 'https://x.test/?a=1&b=2', rel: 'self' })).toBe('<atom:link href="https://x.test/?a=1&amp;b=2" rel="self"/>');
  });

  it('formats W3C and RFC 822 dates in UTC from dates and timestamp strings', () => {
    expect(w3cDate(new Date('2026-03-04T05:06:07.891Z'))).toBe('2026-03-04T05:06:07Z');
    expect(w3cDate('2026-03-04 07:06:07+02')).toBe('2026-03-04T05:06:07Z');
    expect(rfc822Date(new Date('2026-03-04T05:06:07Z'))).toBe('Wed, 04 Mar 2026 05:06:07 GMT');
  });
});
