import { describe, expect, it } from 'vitest';
import { checkFile, storedContentType } from './file-types.js';

describe('storedContentType', () => {
  const text = { mimetype: 'text/plain', kind: 'other' as const };
  const jpeg = { mimetype: 'image/jpeg', kind: 'image' as const };

  it('keeps a declared type that names the detected content, with a charset for text', () => {
    expect(storedContentType('text/plain;charset=UTF-8', text)).toBe('text/plain;charset=UTF-8');
    expect(storedContentType('Text/Markdown; charset="utf-8"', text)).toBe('text/markdown;charset=utf-8');
    expect(storedContentType('image/jpg', jpeg)).toBe('image/jpg');
    expect(storedContentType('image/jpeg; charset=utf-8', jpeg)).toBe('image/jpeg');
  });

  it('uses the detected type when the declared one disagrees, is missing or would run in a browser', () => {
    expect(storedContentType(undefined, jpeg)).toBe('image/jpeg');
    expect(storedContentType('text/plain;charset=UTF-8', jpeg)).toBe('image/jpeg');
    expect(storedContentType('text/html', text)).toBe('text/plain');
    expect(storedContentType('application/xhtml+xml', text)).toBe('text/plain');
    expect(storedContentType('text/plain; charset=utf-8\r\nX-Evil: 1', text)).toBe('text/plain');
  });
});

describe('checkFile for SVG', () => {
  it('accepts a drawing and refuses scripts, handlers, javascript: links and embedded documents', async () => {
    await expect(checkFile('a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'))).resolves.toEqual({ mimetype: 'image/svg+xml', kind: 'image' });
    for (const evil of ['<svg><script>x</script></svg>', '<svg onload="x()"></svg>', '<svg><a xlink:href="javascript:x()"/></svg>', '<svg><foreignObject/></svg>', '<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>']) {
      await expect(checkFile('a.svg', Buffer.from(evil)), evil).rejects.toMatchObject({ code: 'invalid_mime_type', statusCode: 415 });
    }
  });
});
