import { describe, expect, it } from 'vitest';
import { checkFile, storedContentType } from './file-types.js';

describe('storedContentType', () => {
  const text = { mimetype: 'text/plain', kind: 'other' as const, utf8: true };
  const csv = { mimetype: 'text/csv', kind: 'other' as const, utf8: true };
  const jpeg = { mimetype: 'image/jpeg', kind: 'image' as const, utf8: false };
  const mp3 = { mimetype: 'audio/mpeg', kind: 'other' as const, utf8: false };

  it('keeps a declared type that names the detected content, with a UTF-8 charset for text', () => {
    expect(storedContentType('text/plain;charset=UTF-8', text)).toBe('text/plain;charset=UTF-8');
    expect(storedContentType('Text/Markdown; charset="utf-8"', text)).toBe('text/markdown;charset=utf-8');
    expect(storedContentType('image/jpeg; charset=utf-8', jpeg)).toBe('image/jpeg');
  });

  it('stores the canonical type for a synonym, and no charset but UTF-8', () => {
    expect(storedContentType('image/jpg', jpeg)).toBe('image/jpeg');
    expect(storedContentType('Image/PJPEG', jpeg)).toBe('image/jpeg');
    expect(storedContentType('audio/mp3', mp3)).toBe('audio/mpeg');
    expect(storedContentType('text/x-markdown; charset=utf-8', text)).toBe('text/markdown;charset=utf-8');
    expect(storedContentType('application/csv', csv)).toBe('text/csv');
    expect(storedContentType('text/plain; charset=iso-8859-1', text)).toBe('text/plain');
    expect(storedContentType('text/csv; charset=utf-16', csv)).toBe('text/csv');
    // A synonym of another type than the content's is not taken.
    expect(storedContentType('image/x-png', jpeg)).toBe('image/jpeg');
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
    await expect(checkFile('a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/></svg>'))).resolves.toEqual({
      mimetype: 'image/svg+xml',
      kind: 'image',
      utf8: true,
    });
    for (const evil of [
      '<svg><script>x</script></svg>',
      '<svg onload="x()"></svg>',
      '<svg><a xlink:href="javascript:x()"/></svg>',
      '<svg><foreignObject/></svg>',
      '<!DOCTYPE svg [<!ENTITY x "y">]><svg></svg>',
    ]) {
      await expect(checkFile('a.svg', Buffer.from(evil)), evil).rejects.toMatchObject({ code: 'invalid_mime_type', statusCode: 415 });
    }
  });
});
