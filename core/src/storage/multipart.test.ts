import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.js';

const CT = 'multipart/form-data; boundary=zz';
const part = (name: string, filename: string | null, data: string) =>
  `--zz\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\nContent-Type: text/plain\r\n\r\n${data}\r\n`;

describe('parseMultipart', () => {
  it('reads the fields and the file of a well-formed body', async () => {
    const form = await parseMultipart(CT, Buffer.from(`${part('info', null, '{"a":1}')}${part('file', 'x.txt', 'hello')}--zz--\r\n`));
    expect(form.fields).toEqual({ info: '{"a":1}' });
    expect(form.file).toMatchObject({ field: 'file', filename: 'x.txt', contentType: 'text/plain' });
    expect(form.file?.bytes.toString()).toBe('hello');
  });

  it('rejects a body that ends inside its file part, without an unhandled stream error', async () => {
    const uncaught: unknown[] = [];
    const monitor = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtExceptionMonitor', monitor);
    try {
      await expect(
        parseMultipart(CT, Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nabc\r\n')),
      ).rejects.toMatchObject({
        code: 'invalid_multipart',
        statusCode: 400,
      });
      // Give any stray 'error' event a turn of the loop to surface.
      await new Promise((resolve) => setImmediate(resolve));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtExceptionMonitor', monitor);
    }
  });

  it.each([
    ['no boundary', 'multipart/form-data', `${part('file', 'x.txt', 'a')}--zz--\r\n`],
    ['another boundary', 'multipart/form-data; boundary=yy', `${part('file', 'x.txt', 'a')}--zz--\r\n`],
    ['an empty body', CT, ''],
    ['oversized part headers', CT, `--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nX: ${'a'.repeat(9000)}\r\n\r\na\r\n--zz--\r\n`],
    ['two files', CT, `${part('a', 'a.txt', 'a')}${part('b', 'b.txt', 'b')}--zz--\r\n`],
    ['a field over 64 KB', CT, `${part('info', null, 'x'.repeat(70_000))}--zz--\r\n`],
  ])('rejects %s with invalid_multipart', async (_name, contentType, body) => {
    await expect(parseMultipart(contentType, Buffer.from(body))).rejects.toMatchObject({ code: 'invalid_multipart' });
  });
});
