import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AuthSite } from '../support/auth-site.js';
import { makeImage, startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

/**
 * The storage-js round trip (upload, list, download, exists, signed and public URLs, remove)
 * against a kernel whose files live in the driver `env` selects.
 */
export function supabaseJsStorageSuite(name: string, env: () => Record<string, string>, fileExists: (s: AuthSite, key: string) => Promise<boolean>): void {
  describe(`storage-js against the kernel (${name})`, () => {
    let s: AuthSite;
    let site: StorageSite;
    let owner: StorageUser;

    beforeAll(async () => {
      s = await startStorageKernel(env());
      site = await storageSite(s, { slug: `files-${name.replace(/[^a-z0-9]+/g, '-')}` });
      owner = await site.user('owner');
      const created = await owner.client.storage.createBucket('docs', { public: false });
      expect(created.error).toBeNull();
    });
    afterAll(async () => {
      await s?.close();
    });

    it('uploads a Buffer (raw body) and a Blob (multipart) and answers {path, id, fullPath}', async () => {
      const docs = owner.client.storage.from('docs');
      const raw = await docs.upload('hello.txt', Buffer.from('hello world'), { contentType: 'text/plain' });
      expect(raw.error).toBeNull();
      expect(raw.data).toMatchObject({ path: 'hello.txt', fullPath: 'docs/hello.txt' });
      expect(raw.data?.id).toMatch(/^[0-9a-f-]{36}$/);
      const blob = await docs.upload('reports/2026/data.csv', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }));
      expect(blob.error).toBeNull();
      expect(blob.data?.fullPath).toBe('docs/reports/2026/data.csv');
      const sent = owner.requests.filter((r) => r.method === 'POST' && r.url.includes('/storage/v1/object/docs/'));
      expect(sent[0]?.headers['cache-control']).toBe('max-age=3600');
      expect(sent[0]?.headers['x-upsert']).toBe('false');
      expect(sent[1]?.body).toBeInstanceOf(FormData);
      expect(await fileExists(s, `${site.account.id}/docs/hello.txt`)).toBe(true);

      const again = await docs.upload('hello.txt', Buffer.from('second'), { contentType: 'text/plain' });
      expect(again.error).toMatchObject({ statusCode: '409' });
      const upsert = await docs.upload('hello.txt', Buffer.from('hello again'), { contentType: 'text/plain', upsert: true });
      expect(upsert.error).toBeNull();
    });

    it('lists direct children with the client defaults, folders with null ids, sorted by name', async () => {
      await owner.client.storage.from('docs').upload('b-notes.txt', Buffer.from('notes'), { contentType: 'text/plain' });
      owner.requests.length = 0;
      const { data, error } = await owner.client.storage.from('docs').list();
      expect(error).toBeNull();
      expect(owner.requests[0]?.url).toMatch(/\/storage\/v1\/object\/list\/docs$/);
      expect(owner.requests[0]?.body).toEqual({ prefix: '', limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } });
      expect(data?.map((e) => e.name)).toEqual(['b-notes.txt', 'hello.txt', 'reports']);
      const file = data!.find((e) => e.name === 'hello.txt')!;
      expect(file.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(file.metadata).toMatchObject({ size: 11, mimetype: 'text/plain', cacheControl: 'max-age=3600', httpStatusCode: 200 });
      expect(file.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(data!.find((e) => e.name === 'reports')).toMatchObject({ id: null, metadata: null });
      const nested = await owner.client.storage.from('docs').list('reports/2026');
      expect(nested.data?.map((e) => e.name)).toEqual(['data.csv']);
      const desc = await owner.client.storage.from('docs').list('', { sortBy: { column: 'name', order: 'desc' }, limit: 2 });
      expect(desc.data?.map((e) => e.name)).toEqual(['reports', 'hello.txt']);
      const search = await owner.client.storage.from('docs').list('', { search: 'HEL' });
      expect(search.data?.map((e) => e.name)).toEqual(['hello.txt']);
    });

    it('downloads and checks existence', async () => {
      const docs = owner.client.storage.from('docs');
      const { data, error } = await docs.download('hello.txt');
      expect(error).toBeNull();
      expect(await data!.text()).toBe('hello again');
      expect((await docs.exists('hello.txt')).data).toBe(true);
      expect((await docs.exists('missing.txt')).data).toBe(false);
      const missing = await docs.download('missing.txt');
      expect(missing.error).not.toBeNull();
    });

    it('creates signed URLs that open with plain fetch and no auth, for that object only', async () => {
      const { data, error } = await owner.client.storage.from('docs').createSignedUrl('reports/2026/data.csv', 60);
      expect(error).toBeNull();
      expect(data!.signedUrl).toContain(`/storage/v1/object/sign/docs/reports/2026/data.csv?token=`);
      const res = await fetch(data!.signedUrl);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('a,b\n1,2\n');
      const other = await fetch(data!.signedUrl.replace('reports/2026/data.csv', 'hello.txt'));
      expect(other.status).toBe(400);
      expect(await other.json()).toMatchObject({ statusCode: '400', error: 'invalid_signature' });
      const many = await owner.client.storage.from('docs').createSignedUrls(['hello.txt', 'nope.txt'], 60);
      expect(many.data?.[0]?.signedUrl).toContain('token=');
      expect(many.data?.[1]).toMatchObject({ signedUrl: null });
      expect(await (await fetch(many.data![0]!.signedUrl!)).text()).toBe('hello again');
      // Without a token or signed in, the private bucket stays closed.
      const anon = await site.anonymous().storage.from('docs').download('hello.txt');
      expect(anon.error).toMatchObject({ statusCode: '401' });
    });

    it('serves avatars publicly at getPublicUrl', async () => {
      const student = await site.user('student');
      const jpeg = await makeImage(200, 'jpeg');
      const path = `${student.member.userId}/avatar.jpg`;
      const up = await student.client.storage.from('avatars').upload(path, jpeg, { contentType: 'image/jpeg' });
      expect(up.error).toBeNull();
      const { data } = site.anonymous().storage.from('avatars').getPublicUrl(path);
      expect(data.publicUrl).toBe(`${site.url}/storage/v1/object/public/avatars/${path}`);
      const res = await fetch(data.publicUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(200);
    });

    it('copies and moves objects, and signed URLs expire', async () => {
      const docs = owner.client.storage.from('docs');
      const copy = await docs.copy('reports/2026/data.csv', 'archive/data.csv');
      expect(copy.error).toBeNull();
      expect(copy.data?.path).toBe('docs/archive/data.csv');
      const move = await docs.move('archive/data.csv', 'archive/moved.csv');
      expect(move.error).toBeNull();
      expect((await docs.list('archive')).data?.map((e) => e.name)).toEqual(['moved.csv']);
      expect(await (await docs.download('archive/moved.csv')).data?.text()).toBe('a,b\n1,2\n');
      const short = await docs.createSignedUrl('archive/moved.csv', 1);
      await new Promise((resolve) => setTimeout(resolve, 2100));
      const expired = await fetch(short.data!.signedUrl);
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ statusCode: '400', error: 'invalid_signature' });
      const updated = await owner.client.storage.updateBucket('docs', { public: false, fileSizeLimit: '1MB' });
      expect(updated.error).toBeNull();
      // Decimal units, as storage-api parses them.
      expect((await owner.client.storage.getBucket('docs')).data).toMatchObject({ id: 'docs', public: false, file_size_limit: 1_000_000 });
    });

    it('removes objects and their files', async () => {
      const docs = owner.client.storage.from('docs');
      const { data, error } = await docs.remove(['hello.txt', 'b-notes.txt']);
      expect(error).toBeNull();
      expect(data?.map((o) => o.name).sort()).toEqual(['b-notes.txt', 'hello.txt']);
      expect((await docs.exists('hello.txt')).data).toBe(false);
      expect((await docs.list()).data?.map((e) => e.name)).toEqual(['archive', 'reports']);
      expect(await fileExists(s, `${site.account.id}/docs/hello.txt`)).toBe(false);
    });
  });
}
