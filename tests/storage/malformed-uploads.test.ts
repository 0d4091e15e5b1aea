import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSite } from '../support/auth-site.js';
import { makeImage, startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

/**
 * Bodies that once took the whole process down (a multipart body cut off inside its file part
 * made busboy emit 'error' on a stream nobody listened to) and their relatives: every one is a
 * 400 with a stable code, the same kernel keeps answering, and nothing reaches Node's
 * uncaught-exception path.
 */
describe('malformed and truncated uploads never take the server down', () => {
  let s: AuthSite;
  let site: StorageSite;
  let student: StorageUser;
  let owner: StorageUser;
  const uncaught: unknown[] = [];
  // The monitor sees an uncaught exception without changing what Node does with it.
  const monitor = (error: unknown) => void uncaught.push(error);

  beforeAll(async () => {
    process.on('uncaughtExceptionMonitor', monitor);
    s = await startStorageKernel();
    site = await storageSite(s, { slug: 'malformed' });
    student = await site.user('student');
    owner = await site.user('owner');
    expect((await owner.client.storage.createBucket('docs', { public: true })).error).toBeNull();
  });
  afterAll(async () => {
    process.off('uncaughtExceptionMonitor', monitor);
    await s?.close();
  });

  const TRUNCATED = '--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\n\r\nabc\r\n';

  const post = (user: StorageUser, path: string, body: string | Buffer, contentType: string) =>
    fetch(`${site.url}${path}`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, authorization: `Bearer ${user.member.token}`, apikey: site.anonKey },
    });

  /** The kernel still serves: a plain request, and a real upload through supabase-js. */
  const stillServing = async () => {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    const ok = await owner.client.storage
      .from('docs')
      .upload(`alive-${Date.now()}-${Math.random()}.txt`, Buffer.from('still here'), { contentType: 'text/plain' });
    expect(ok.error).toBeNull();
  };

  it('answers a truncated multipart body 400 invalid_multipart on /api/upload/text and on a storage upload, and keeps serving', async () => {
    const text = await post(student, '/api/upload/text', TRUNCATED, 'multipart/form-data; boundary=zz');
    expect(text.status).toBe(400);
    expect(await text.json()).toMatchObject({ error: 'invalid_multipart', statusCode: 400 });
    await stillServing();

    // A student may write their own avatar, so the body is read: the same cut-off form.
    const avatar = await post(student, `/storage/v1/object/avatars/${student.member.userId}/avatar.jpg`, TRUNCATED, 'multipart/form-data; boundary=zz');
    expect(avatar.status).toBe(400);
    expect(await avatar.json()).toMatchObject({ statusCode: '400', error: 'invalid_multipart', code: 'InvalidRequest' });
    await stillServing();
    expect(uncaught).toEqual([]);
  });

  it('answers every malformed multipart variant 400 with a stable code', async () => {
    const part = (name: string, filename: string | null, data: string) =>
      `--zz\r\nContent-Disposition: form-data; name="${name}"${filename === null ? '' : `; filename="${filename}"`}\r\n\r\n${data}\r\n`;
    const info = JSON.stringify({ path: 'units/u1.txt', account_id: site.account.id });
    const variants: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', `${part('file', 'x.txt', 'abc')}--zz--\r\n`],
      ['boundary mismatch', 'multipart/form-data; boundary=yy', `${part('file', 'x.txt', 'abc')}--zz--\r\n`],
      ['empty body', 'multipart/form-data; boundary=zz', ''],
      [
        'huge part headers',
        'multipart/form-data; boundary=zz',
        `--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\nabc\r\n--zz--\r\n`,
      ],
      [
        'part headers that never end',
        'multipart/form-data; boundary=zz',
        `--zz\r\nContent-Disposition: form-data; name="file"; filename="x.txt"\r\nX-Padding: ${'a'.repeat(20_000)}`,
      ],
      ['cut inside a field', 'multipart/form-data; boundary=zz', `--zz\r\nContent-Disposition: form-data; name="info"\r\n\r\n{"path":`],
      ['two files', 'multipart/form-data; boundary=zz', `${part('info', null, info)}${part('file', 'a.txt', 'a')}${part('file', 'b.txt', 'b')}--zz--\r\n`],
      ['a field over 64 KB', 'multipart/form-data; boundary=zz', `${part('info', null, 'x'.repeat(70_000))}${part('file', 'a.txt', 'a')}--zz--\r\n`],
      ['not multipart at all', 'multipart/form-data; boundary=zz', 'garbage, no delimiter anywhere'],
    ];
    for (const [name, contentType, body] of variants) {
      const text = await post(owner, '/api/upload/text', body, contentType);
      expect(text.status, `/api/upload/text: ${name}`).toBe(400);
      expect(await text.json(), name).toMatchObject({ error: 'invalid_multipart' });
      const upload = await post(owner, '/storage/v1/object/docs/variant.txt', body, contentType);
      expect(upload.status, `storage upload: ${name}`).toBe(400);
      expect(await upload.json(), name).toMatchObject({ statusCode: '400', error: 'invalid_multipart' });
    }
    // A well-formed form still works after all of them.
    const good = await post(
      owner,
      '/api/upload/text',
      `${part('info', null, info)}${part('file', 'u1.txt', 'Unit one')}--zz--\r\n`,
      'multipart/form-data; boundary=zz',
    );
    expect(good.status).toBe(200);
    await stillServing();
    expect(uncaught).toEqual([]);
  });

  it('refuses object metadata nested too deeply, and survives a corrupt image (its copies fail, the original is served)', async () => {
    const deep = JSON.stringify(JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`));
    const res = await fetch(`${site.url}/storage/v1/object/docs/deep.txt`, {
      method: 'POST',
      body: 'x',
      headers: {
        'content-type': 'text/plain',
        'x-metadata': Buffer.from(deep).toString('base64'),
        authorization: `Bearer ${owner.member.token}`,
        apikey: site.anonKey,
      },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: '400', error: 'invalid_request' });

    // A PNG signature and size header, then garbage: accepted by type, refused by the decoder.
    const real = await makeImage(1200, 'png');
    const corrupt = Buffer.concat([real.subarray(0, 33), Buffer.alloc(4000, 0x5a)]);
    expect((await owner.client.storage.from('docs').upload('broken.png', corrupt, { contentType: 'image/png' })).error).toBeNull();
    await s.t.kernel.storage.idle();
    const served = await fetch(
      site
        .anonymous()
        .storage.from('docs')
        .getPublicUrl('broken.png', { transform: { width: 640 } }).data.publicUrl,
    );
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(corrupt)).toBe(true);
    await stillServing();
    expect(uncaught).toEqual([]);
  });
});
