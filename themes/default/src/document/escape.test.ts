import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './escape.js';

describe('escaping', () => {
  it('keeps JSON inert inside a script element and reads back unchanged', () => {
    const value = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', sep: '\u2028\u2029', amp: 'a&b' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('escapes text for hand-written HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
