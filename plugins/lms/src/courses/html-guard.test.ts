import { describe, expect, it } from 'vitest';
import { isSafeHtml } from './html-guard.js';

describe('the HTML allow-list of document props', () => {
  it('accepts ordinary rich text with links and images', () => {
    for (const html of [
      'Plain text with 3 < 4 and a < b',
      '<p>Hello <strong>there</strong><br/>and <em>welcome</em></p>',
      '<h2 class="title">Title</h2><ul><li>one</li></ul>',
      '<a href="https://example.test/a?b=1&c=2" target="_blank" rel="noopener">link</a>',
      '<a href="/course/intro">relative</a> <a href="mailto:me@example.test">mail</a>',
      '<img src="https://cdn.example.test/x.png" alt="x" width="10">',
    ]) {
      expect(isSafeHtml(html), html).toBe(true);
    }
  });

  it('refuses scripts, event handlers, styles, frames and script links however they are spelt', () => {
    for (const html of [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=//evil.test/x.js></SCRIPT>',
      '<img src=x onerror=alert(1)>',
      '<img/src=x/onerror=alert(1)>',
      '<img src="x" onerror="alert(1)"',
      '<p style="background:url(javascript:alert(1))">x</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="  JaVaScRiPt:alert(1)">x</a>',
      '<a href="java&#x09;script:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="javascript&colon;alert(1)">x</a>',
      '<a href="data:text/html,<script>alert(1)</script>">x</a>',
      '<a href="//evil.test">x</a>',
      '<iframe src="https://evil.test"></iframe>',
      '<svg onload=alert(1)>',
      '<!--><script>alert(1)</script>-->',
      '<a title="x>" onclick="alert(1)">x</a>',
    ]) {
      expect(isSafeHtml(html), html).toBe(false);
    }
  });
});
