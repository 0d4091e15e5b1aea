import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSite } from '../support/auth-site.js';
import { makeImage, startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

describe('storage refusals, with clear 4xx answers in supabase/storage’s shape', () => {
  let s: AuthSite;
  let a: StorageSite;
  let b: StorageSite;
  let ownerA: StorageUser;
  let ownerB: StorageUser;

  beforeAll(async () => {
    s = await startStorageKernel();
    a = await storageSite(s, { slug: 'school-a' });
    b = await storageSite(s, { slug: 'school-b', plan: 'lifetime' });
    ownerA = await a.user('owner');
    ownerB = await b.user('owner');
    expect((await ownerA.client.storage.createBucket('docs')).error).toBeNull();
    expect((await ownerB.client.storage.createBucket('docs')).error).toBeNull();
  });
  afterAll(async () => {
    await s?.close();
  });

  const inject = (site: StorageSite, user: StorageUser | null, method: 'GET' | 'POST', url: string, payload?: Buffer, contentType = 'text/plain') =>
    s.t.app.inject({
      method,
      url,
      headers: {
        host: `${site.account.host}:${s.port}`,
        apikey: site.anonKey,
        authorization: `Bearer ${user?.member.token ?? site.anonKey}`,
        'content-type': contentType,
      },
      ...(payload === undefined ? {} : { payload }),
    });

  /** A POST whose path goes on the wire exactly as written. */
  const rawPost = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: s.port,
          method: 'POST',
          path,
          headers: { host: `${a.account.host}:${s.port}`, apikey: a.anonKey, authorization: `Bearer ${ownerA.member.token}`, 'content-type': 'text/plain' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('x');
    });

  it('refuses an executable renamed .png, and binary content in a text type', async () => {
    const docs = ownerA.client.storage.from('docs');
    const exe = await docs.upload('cat.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]), { contentType: 'image/png' });
    expect(exe.error).toMatchObject({ statusCode: '415', status: 400 });
    expect(exe.error?.message).toMatch(/not \.png/);
    const elf = await docs.upload('tool.png', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64, 1)]), { contentType: 'image/png' });
    expect(elf.error).toMatchObject({ statusCode: '415' });
    expect(elf.error?.message).toMatch(/\.elf/);
    const fakeCsv = await docs.upload('data.csv', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1]), { contentType: 'text/csv' });
    expect(fakeCsv.error).toMatchObject({ statusCode: '415' });
    const exeName = await docs.upload('setup.exe', Buffer.from('MZ'), { contentType: 'application/octet-stream' });
    expect(exeName.error).toMatchObject({ statusCode: '415' });
    expect(exeName.error?.message).toBe('Files of type .exe are not allowed');
    const badJson = await docs.upload('x.json', Buffer.from('{nope'), { contentType: 'application/json' });
    expect(badJson.error).toMatchObject({ statusCode: '415' });
  });

  it('refuses paths with .., absolute paths, backslashes and control characters', async () => {
    // Sent over a raw socket: fetch and URL parsers would resolve the dot segments before sending.
    for (const path of ['a/../b.txt', '../escape.txt', 'a/%2E%2E/b.txt', 'a/./b.txt', 'a%5Cb.txt', 'a\\b.txt', 'bad%01name.txt', '%2Fetc/passwd.txt']) {
      const res = await rawPost(`/storage/v1/object/docs/${path}`);
      expect(res.status, path).toBe(400);
      expect(JSON.parse(res.body), path).toMatchObject({ statusCode: '400', error: 'invalid_key' });
    }
    const list = await ownerA.client.storage.from('docs').list('', { limit: 1000 });
    expect(list.data?.map((e) => e.name)).not.toContain('b.txt');
    const bucket = await inject(a, ownerA, 'POST', '/storage/v1/object/..%2Fx/a.txt', Buffer.from('x'));
    expect(bucket.statusCode).toBe(400);
  });

  it('refuses files over the bucket limit and over the plan’s storage limit', async () => {
    expect((await ownerB.client.storage.createBucket('small', { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    const big = await ownerB.client.storage.from('small').upload('big.txt', Buffer.alloc(2048, 'a'), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect(big.error?.message).toBe('The object exceeded the maximum allowed size');
    // Plan lifetime: 512 MB in all. Seed 512 MB of recorded usage, then one more byte is too much.
    await s.t.kernel.inAccount(b.account.id, ({ db }) =>
      db
        .insertInto('storage_objects')
        .values({ account_id: b.account.id, bucket_id: 'docs', name: 'seeded/huge.mp4', size: 512 * 1024 * 1024, mimetype: 'video/mp4', etag: '"x"' })
        .execute(),
    );
    const over = await ownerB.client.storage.from('docs').upload('one-more.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(over.error).toMatchObject({ statusCode: '413' });
    expect(over.error?.message).toMatch(/512 MB of storage/);
    // Account A (professional) is untouched by B's usage.
    const fine = await ownerA.client.storage.from('docs').upload('one-more.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(fine.error).toBeNull();
  });

  it('lets a user write only their own avatar', async () => {
    const student = await a.user('student');
    const other = await a.user('student');
    const jpeg = await makeImage(100, 'jpeg');
    const avatars = student.client.storage.from('avatars');
    expect((await avatars.upload(`${student.member.userId}/avatar.jpg`, jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const foreign = await avatars.upload(`${other.member.userId}/avatar.jpg`, jpeg, { contentType: 'image/jpeg', upsert: true });
    expect(foreign.error).toMatchObject({ statusCode: '403' });
    const elsewhere = await avatars.upload(`${student.member.userId}/other.jpg`, jpeg, { contentType: 'image/jpeg' });
    expect(elsewhere.error).toMatchObject({ statusCode: '403' });
    const removeForeign = await other.client.storage.from('avatars').remove([`${student.member.userId}/avatar.jpg`]);
    expect(removeForeign.error).toMatchObject({ statusCode: '403' });
    // Students read but do not write ordinary buckets.
    const docs = await student.client.storage.from('docs').upload('mine.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect(docs.error).toMatchObject({ statusCode: '403' });
    const anon = await a.anonymous().storage.from('avatars').upload('x/avatar.jpg', jpeg, { contentType: 'image/jpeg' });
    expect(anon.error).toMatchObject({ statusCode: '401' });
  });

  it('keeps each account’s objects to its own site', async () => {
    expect(
      (await ownerB.client.storage.from('docs').upload('secret.txt', Buffer.from('B only'), { contentType: 'text/plain', upsert: true })).error,
    ).not.toBeNull(); // B is over quota
    await s.t.kernel.inAccount(b.account.id, ({ db }) => db.deleteFrom('storage_objects').where('name', '=', 'seeded/huge.mp4').execute());
    expect((await ownerB.client.storage.from('docs').upload('secret.txt', Buffer.from('B only'), { contentType: 'text/plain' })).error).toBeNull();
    // A's owner on A's host: A's docs bucket has no such object.
    const fromA = await ownerA.client.storage.from('docs').download('secret.txt');
    expect(fromA.error).toMatchObject({ statusCode: '404' });
    expect((await ownerA.client.storage.from('docs').list()).data?.map((e) => e.name)).not.toContain('secret.txt');
    // B's token on A's host is refused outright.
    const crossToken = await inject(a, ownerB, 'GET', '/storage/v1/object/docs/secret.txt');
    expect(crossToken.statusCode).toBe(400);
    expect(crossToken.json()).toMatchObject({ statusCode: '401', error: 'invalid_token' });
    // A signed URL made on B does not open on A's host.
    const signed = await ownerB.client.storage.from('docs').createSignedUrl('secret.txt', 60);
    const onA = signed.data!.signedUrl.replace(`school-b.localhost`, 'school-a.localhost');
    expect((await fetch(onA)).status).toBe(400);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('B only');
  });

  it('keeps buckets to owners and private buckets off the public URL', async () => {
    const student = await a.user('student');
    expect((await student.client.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
    expect((await student.client.storage.listBuckets()).error).toMatchObject({ statusCode: '403' });
    const buckets = await ownerA.client.storage.listBuckets();
    expect(buckets.data?.map((x) => x.id)).toEqual(['avatars', 'docs', 'media', 'private', 'texts']);
    expect(buckets.data?.find((x) => x.id === 'avatars')?.public).toBe(true);
    const pub = await fetch(a.anonymous().storage.from('docs').getPublicUrl('one-more.txt').data.publicUrl);
    expect(pub.status).toBe(400);
    expect(await pub.json()).toMatchObject({ statusCode: '404' });
    expect((await ownerA.client.storage.deleteBucket('docs')).error).toMatchObject({ statusCode: '409' });
    expect((await ownerA.client.storage.emptyBucket('docs')).error).toBeNull();
    expect((await ownerA.client.storage.deleteBucket('docs')).error).toBeNull();
  });
});
