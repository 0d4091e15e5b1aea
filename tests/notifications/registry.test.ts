import { describe, expect, it } from 'vitest';
import { definePlugin, type PluginDefinition } from '@lectern/sdk';
import { KERNEL_TOUCHPOINTS, TouchpointError, TouchpointRegistry } from '../../core/src/notifications/index.js';
import { htmlToText, sanitizeRichText } from '../../core/src/notifications/sanitize.js';
import { renderHtml, renderLine } from '../../core/src/notifications/templates.js';

const plugin = (name: string, touchpoints: Array<{ key: string; label: string; subject: string; body: string }>, feature?: string): PluginDefinition =>
  definePlugin({ manifest: { name, version: '1.0.0', kernel: '^0.1.0', ...(feature === undefined ? {} : { feature }), touchpoints } });

// Only the registry's bookkeeping is exercised here; fire() is covered end to end in touchpoints.test.ts.
const deps = {} as ConstructorParameters<typeof TouchpointRegistry>[1];

describe('touchpoint registry', () => {
  it("holds SPEC §7's sixteen kernel touchpoints", () => {
    expect(KERNEL_TOUCHPOINTS).toHaveLength(16);
    expect(new Set(KERNEL_TOUCHPOINTS.map((d) => d.key)).size).toBe(16);
  });

  it('adds plugin touchpoints; a plugin may take over a kernel key; two plugins may not share one', () => {
    const registry = new TouchpointRegistry(
      [
        plugin('lms', [{ key: 'review', label: 'Course review', subject: 'Review!', body: '<p>x</p>' }], 'lms'),
        plugin('extra', [{ key: 'extra.ping', label: 'Ping', subject: 'Ping', body: '' }]),
      ],
      deps,
    );
    expect(registry.get('review')).toMatchObject({ plugin: 'lms', feature: 'lms', subject: 'Review!' });
    expect(registry.get('extra.ping')).toMatchObject({ plugin: 'extra' });
    // A plugin whose feature is off for the account: its touchpoints are not offered.
    expect(registry.available(new Set()).map((d) => d.key)).not.toContain('review');
    expect(registry.available(new Set(['lms'])).map((d) => d.key)).toContain('review');
    expect(
      () =>
        new TouchpointRegistry(
          [plugin('a', [{ key: 'dup', label: 'A', subject: '', body: '' }]), plugin('b', [{ key: 'dup', label: 'B', subject: '', body: '' }])],
          deps,
        ),
    ).toThrow(TouchpointError);
  });
});

describe('templates and sanitising', () => {
  it('escapes token values in HTML, keeps subjects on one plain line, empties unknown tokens', () => {
    expect(renderHtml('<p>{{ name }} / {{missing}}</p>', { name: '<img src=x onerror=alert(1)> & "q"' })).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot; / </p>',
    );
    expect(renderLine('Hi {{name}}', { name: 'A &\r\nBcc: x@y' })).toBe('Hi A & Bcc: x@y');
    expect(renderLine('{{n}}', { n: 3 })).toBe('3');
  });

  it('removes scripts, event handlers and javascript: links, keeps formatting', () => {
    const clean = sanitizeRichText(
      '<p style="x" onclick="a()">Hi <b>there</b><script>bad()</script><img src="https://x.test/a.png" onerror="b()"><a href="javascript:c()">x</a></p>',
    );
    expect(clean).toBe('<p>Hi <b>there</b><img src="https://x.test/a.png" /><a>x</a></p>');
  });

  it('renders HTML as text', () => {
    expect(htmlToText('<p>Hello &amp; welcome</p><p>Line<br>two</p>')).toBe('Hello & welcome\nLine\ntwo');
  });
});
