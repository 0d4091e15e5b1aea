import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AuthSite } from '../support/auth-site.js';
import { storageRowsRead } from './rows-read.js';
import { makeImage, startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

/**
 * The parts of storage-js's protocol beyond upload/list/download, through the real supabase-js:
 * signed upload URLs, info(), listV2(), bucket size limits with units, signed URLs with a
 * transform, the declared content type, and error bodies in storage-api's shape.
 */
describe('storage-js protocol details', () => {
  let s: AuthSite;
  let site: StorageSite;
  let owner: StorageUser;
  let student: StorageUser;

  beforeAll(async () => {
    s = await startStorageKernel();
    site = await storageSite(s, { slug: 'protocol' });
    owner = await site.user('owner');
    student = await site.user('student');
    expect((await owner.client.storage.createBucket('docs', { public: false })).error).toBeNull();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('round-trips createSignedUploadUrl and uploadToSignedUrl, for that path only', async () => {
    const docs = owner.client.storage.from('docs');
    const signed = await docs.createSignedUploadUrl('inbox/report.csv');
    expect(signed.error).toBeNull();
    expect(signed.data).toMatchObject({ path: 'inbox/report.csv', token: expect.any(String) });
    expect(signed.data!.signedUrl).toBe(`${site.url}/storage/v1/object/upload/sign/docs/inbox/report.csv?token=${signed.data!.token}`);

    // Anyone holding the token uploads, signed out.
    const visitor = site.anonymous().storage.from('docs');
    const put = await visitor.uploadToSignedUrl('inbox/report.csv', signed.data!.token, Buffer.from('a,b\n1,2\n'), { contentType: 'text/csv' });
    expect(put.error).toBeNull();
    expect(put.data).toEqual({ path: 'inbox/report.csv', fullPath: 'docs/inbox/report.csv' });
    expect(await (await docs.download('inbox/report.csv')).data?.text()).toBe('a,b\n1,2\n');
    const row = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('storage_objects').select(['owner', 'mimetype']).where('name', '=', 'inbox/report.csv').executeTakeFirstOrThrow(),
    );
    expect(row).toEqual({ owner: owner.member.userId, mimetype: 'text/csv' });

    // Not again without upsert, and not for another path.
    const again = await visitor.uploadToSignedUrl('inbox/report.csv', signed.data!.token, Buffer.from('x'), { contentType: 'text/csv' });
    expect(again.error).toMatchObject({ statusCode: '409' });
    const elsewhere = await visitor.uploadToSignedUrl('inbox/other.csv', signed.data!.token, Buffer.from('x'), { contentType: 'text/csv' });
    expect(elsewhere.error).toMatchObject({ statusCode: '400' });
    const forged = await visitor.uploadToSignedUrl('inbox/report.csv', `${signed.data!.token}x`, Buffer.from('x'), { contentType: 'text/csv' });
    expect(forged.error).toMatchObject({ statusCode: '400' });

    // With upsert the link replaces; a Blob goes as multipart.
    const replace = await docs.createSignedUploadUrl('inbox/report.csv', { upsert: true });
    expect((await visitor.uploadToSignedUrl('inbox/report.csv', replace.data!.token, new Blob(['c,d\n'], { type: 'text/csv' }))).error).toBeNull();
    expect(await (await docs.download('inbox/report.csv')).data?.text()).toBe('c,d\n');

    // Only those who may write the path get a link.
    const refused = await student.client.storage.from('docs').createSignedUploadUrl('inbox/mine.csv');
    expect(refused.error).toMatchObject({ statusCode: '403' });
  });

  it('answers info() with the object’s details', async () => {
    const docs = owner.client.storage.from('docs');
    expect(
      (await docs.upload('notes/readme.txt', Buffer.from('read me'), { contentType: 'text/plain;charset=UTF-8', metadata: { topic: 'intro' } })).error,
    ).toBeNull();
    const { data, error } = await docs.info('notes/readme.txt');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'notes/readme.txt',
      bucketId: 'docs',
      size: 7,
      contentType: 'text/plain;charset=UTF-8',
      cacheControl: 'max-age=3600',
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
      metadata: { topic: 'intro' },
      lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const missing = await docs.info('notes/missing.txt');
    expect(missing.error).toMatchObject({ statusCode: '404', message: 'Object not found' });
    // Private bucket: not for visitors.
    expect((await site.anonymous().storage.from('docs').info('notes/readme.txt')).error).toMatchObject({ statusCode: '401' });
  });

  it('lists with listV2: flat or folded by "/", paged by cursor', async () => {
    const docs = owner.client.storage.from('docs');
    for (const name of ['v2/a.txt', 'v2/b.txt', 'v2/sub/c.txt', 'v2/sub/deeper/d.txt', 'v2/z.txt']) {
      expect((await docs.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
    const flat = await docs.listV2({ prefix: 'v2/' });
    expect(flat.error).toBeNull();
    expect(flat.data?.objects.map((o) => o.name)).toEqual(['v2/a.txt', 'v2/b.txt', 'v2/sub/c.txt', 'v2/sub/deeper/d.txt', 'v2/z.txt']);
    expect(flat.data).toMatchObject({ hasNext: false, folders: [] });
    expect(flat.data?.objects[0]).toMatchObject({ key: 'v2/a.txt', id: expect.any(String), metadata: { size: 8, mimetype: 'text/plain' } });

    const folded = await docs.listV2({ prefix: 'v2/', with_delimiter: true });
    expect(folded.data?.folders).toEqual([{ name: 'v2/sub/', key: 'v2/sub/' }]);
    expect(folded.data?.objects.map((o) => o.name)).toEqual(['v2/a.txt', 'v2/b.txt', 'v2/z.txt']);

    const first = await docs.listV2({ prefix: 'v2/', limit: 2 });
    expect(first.data?.objects.map((o) => o.name)).toEqual(['v2/a.txt', 'v2/b.txt']);
    expect(first.data?.hasNext).toBe(true);
    const second = await docs.listV2({ prefix: 'v2/', limit: 2, cursor: first.data!.nextCursor });
    expect(second.data?.objects.map((o) => o.name)).toEqual(['v2/sub/c.txt', 'v2/sub/deeper/d.txt']);
    const third = await docs.listV2({ prefix: 'v2/', limit: 2, cursor: second.data!.nextCursor });
    expect(third.data).toMatchObject({ hasNext: false });
    expect(third.data?.objects.map((o) => o.name)).toEqual(['v2/z.txt']);
    const desc = await docs.listV2({ prefix: 'v2/', sortBy: { column: 'name', order: 'desc' }, limit: 1 });
    expect(desc.data?.objects.map((o) => o.name)).toEqual(['v2/z.txt']);

    // A missing bucket is still "Bucket not found"; an existing one never is.
    const none = await owner.client.storage.from('nope').listV2();
    expect(none.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    const bad = await docs.listV2({ cursor: 'not-a-cursor' });
    expect(bad.error).toMatchObject({ statusCode: '400' });
  });

  describe('paging a large folder', () => {
    /** Byte order of names (all ASCII here): storage-api's COLLATE "C". */
    const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    /** Dates with microseconds, as the database keeps them; equal seconds recur so ties fall to the name. */
    const stamp = (seconds: number, micros: number) => `2026-01-01T00:00:${String(seconds).padStart(2, '0')}.${String(micros).padStart(6, '0')}Z`;
    interface Stored {
      name: string;
      created: string;
      updated: string;
    }
    const stored: Stored[] = [];
    const FOLDERS = 30;

    beforeAll(async () => {
      expect((await owner.client.storage.createBucket('shelf', { public: true })).error).toBeNull();
      const names = [
        ...Array.from({ length: 240 }, (_, i) => `shelf/book-${String(i).padStart(3, '0')}.txt`),
        ...Array.from({ length: FOLDERS * 10 }, (_, i) => `shelf/box-${String(Math.floor(i / 10)).padStart(2, '0')}/item-${i % 10}.txt`),
        'shelf/box-03/inner/deep.txt',
        // "!" sorts before "/": the object a!b.txt comes before the folder a/ in key order.
        'shelf/a!b.txt',
        'shelf/a/c.txt',
        // Outside the prefix "shelf/".
        'shelfish.txt',
        'other/x.txt',
      ];
      names.forEach((name, n) => stored.push({ name, created: stamp(n % 37, n % 3), updated: stamp((n * 7) % 41, n % 2) }));
      // The rows a listing reads (the bytes play no part in it): written directly, 500 at a time.
      await s.t.kernel.inAccount(site.account.id, async ({ db }) => {
        for (let i = 0; i < stored.length; i += 500) {
          await db
            .insertInto('storage_objects')
            .values(
              stored.slice(i, i + 500).map((o) => ({
                account_id: site.account.id,
                bucket_id: 'shelf',
                name: o.name,
                size: 1,
                mimetype: 'text/plain',
                etag: '"x"',
                created_at: o.created,
                updated_at: o.updated,
                last_accessed_at: o.updated,
              })),
            )
            .execute();
        }
      });
    });

    const under = () => stored.filter((o) => o.name.startsWith('shelf/'));
    const folderOf = (name: string) => {
      const slash = name.indexOf('/', 'shelf/'.length);
      return slash < 0 ? null : name.slice(0, slash + 1);
    };
    const folders = () => [...new Set(under().flatMap((o) => folderOf(o.name) ?? []))].sort(byKey);
    const direct = () => under().filter((o) => folderOf(o.name) === null);
    const byDate = (column: 'created' | 'updated', order: 'asc' | 'desc') => (a: Stored, b: Stored) =>
      (order === 'asc' ? 1 : -1) * (byKey(a[column], b[column]) || byKey(a.name, b.name));

    type Options = { with_delimiter?: boolean; sortBy?: { column: 'name' | 'created_at' | 'updated_at'; order: 'asc' | 'desc' } };
    /** Every page of a listV2 by cursor, each checked against its slice of the expected entries. */
    async function pageThrough(options: Options, limit: number, expected: string[]): Promise<void> {
      const visitor = site.anonymous().storage.from('shelf');
      let cursor: string | undefined;
      for (let page = 0; ; page += 1) {
        const { data, error } = await visitor.listV2({ prefix: 'shelf/', limit, ...(cursor === undefined ? {} : { cursor }), ...options });
        expect(error).toBeNull();
        const slice = expected.slice(page * limit, (page + 1) * limit);
        const label = `${JSON.stringify(options)} page ${page}`;
        expect(
          data!.folders.map((f) => f.key),
          label,
        ).toEqual(slice.filter((k) => k.endsWith('/')));
        expect(
          data!.objects.map((o) => o.key),
          label,
        ).toEqual(slice.filter((k) => !k.endsWith('/')));
        expect(data!.hasNext, label).toBe((page + 1) * limit < expected.length);
        if (!data!.hasNext) return;
        cursor = data!.nextCursor;
        expect(cursor, label).toEqual(expect.any(String));
      }
    }

    it('pages listV2 by cursor without repeats or gaps, flat and folded, by name and by date, both ways', async () => {
      const names = under()
        .map((o) => o.name)
        .sort(byKey);
      await pageThrough({}, 25, names);
      await pageThrough({ sortBy: { column: 'name', order: 'desc' } }, 60, [...names].reverse());
      await pageThrough(
        { sortBy: { column: 'updated_at', order: 'asc' } },
        25,
        [...under()].sort(byDate('updated', 'asc')).map((o) => o.name),
      );
      await pageThrough(
        { sortBy: { column: 'created_at', order: 'desc' } },
        40,
        [...under()].sort(byDate('created', 'desc')).map((o) => o.name),
      );

      const entries = [...folders(), ...direct().map((o) => o.name)].sort(byKey);
      expect(entries.slice(0, 3)).toEqual(['shelf/a!b.txt', 'shelf/a/', 'shelf/book-000.txt']);
      await pageThrough({ with_delimiter: true }, 7, entries);
      await pageThrough({ with_delimiter: true, sortBy: { column: 'name', order: 'desc' } }, 25, [...entries].reverse());
      // By a date, folders (no dates) first ascending and last descending.
      await pageThrough({ with_delimiter: true, sortBy: { column: 'created_at', order: 'asc' } }, 25, [
        ...folders(),
        ...direct()
          .sort(byDate('created', 'asc'))
          .map((o) => o.name),
      ]);
      await pageThrough({ with_delimiter: true, sortBy: { column: 'updated_at', order: 'desc' } }, 25, [
        ...direct()
          .sort(byDate('updated', 'desc'))
          .map((o) => o.name),
        ...[...folders()].reverse(),
      ]);

      // A cursor made for one sort is refused by another.
      const first = await site.anonymous().storage.from('shelf').listV2({ prefix: 'shelf/', limit: 5 });
      const mixed = await site
        .anonymous()
        .storage.from('shelf')
        .listV2({ prefix: 'shelf/', limit: 5, cursor: first.data!.nextCursor, sortBy: { column: 'updated_at', order: 'asc' } });
      expect(mixed.error).toMatchObject({ statusCode: '400' });
    });

    it('pages list() by offset, with search', async () => {
      const visitor = site.anonymous().storage.from('shelf');
      const relative = [...folders().map((k) => k.slice('shelf/'.length)), ...direct().map((o) => o.name.slice('shelf/'.length))]
        .sort(byKey)
        .map((k) => k.replace(/\/$/, ''));
      const seen: string[] = [];
      for (let offset = 0; offset < relative.length + 20; offset += 20) {
        const { data, error } = await visitor.list('shelf', { limit: 20, offset });
        expect(error).toBeNull();
        seen.push(...data!.map((e) => e.name));
      }
      expect(seen).toEqual(relative);
      // Past the end there is nothing, however far.
      for (const offset of [relative.length, 2 ** 40, Number.MAX_SAFE_INTEGER])
        expect((await visitor.list('shelf', { limit: 10, offset })).data, String(offset)).toEqual([]);
      const byUpdated = await visitor.list('shelf', { limit: 1000, sortBy: { column: 'updated_at', order: 'desc' } });
      expect(byUpdated.data!.map((e) => e.name)).toEqual([
        ...direct()
          .sort(byDate('updated', 'desc'))
          .map((o) => o.name.slice('shelf/'.length)),
        ...[...folders()].reverse().map((k) => k.slice('shelf/'.length, -1)),
      ]);
      const found = await visitor.list('shelf', { limit: 1000, search: 'BOX-1' });
      expect(found.data!.map((e) => e.name)).toEqual(Array.from({ length: 10 }, (_, i) => `box-1${i}`));
      expect(found.data!.every((e) => e.id === null && e.metadata === null)).toBe(true);
    });

    it('reads about one page of rows per page, not the whole folder', async () => {
      const visitor = site.anonymous().storage.from('shelf');
      const deep = (await visitor.listV2({ prefix: 'shelf/', limit: 300 })).data!.nextCursor;
      const pages: Array<[string, () => Promise<{ error: unknown }>]> = [
        ['listV2 flat', () => visitor.listV2({ prefix: 'shelf/', limit: 10 })],
        ['listV2 flat, 300 entries in', () => visitor.listV2({ prefix: 'shelf/', limit: 10, cursor: deep })],
        ['listV2 folded', () => visitor.listV2({ prefix: 'shelf/', limit: 10, with_delimiter: true })],
        ['listV2 folded by date', () => visitor.listV2({ prefix: 'shelf/', limit: 10, with_delimiter: true, sortBy: { column: 'updated_at', order: 'desc' } })],
        ['list', () => visitor.list('shelf', { limit: 10, offset: 20 })],
      ];
      for (const [label, work] of pages) {
        const { result, rows } = await storageRowsRead(work);
        expect(result.error, label).toBeNull();
        // 543 objects sit under the prefix; a page of 10 (after 20, for list) reads a few dozen rows at most.
        expect(rows, label).toBeLessThanOrEqual(40);
      }
    });
  });

  it('stores bucket size limits with units as storage-api does (decimal: 20mb is 20000000)', async () => {
    const buckets = owner.client.storage;
    expect((await buckets.createBucket('limited', { public: false, fileSizeLimit: '20mb' })).error).toBeNull();
    expect((await buckets.getBucket('limited')).data).toMatchObject({ file_size_limit: 20_000_000 });
    for (const [limit, bytes] of [
      ['1gb', 1_000_000_000],
      ['500kb', 500_000],
      ['1.5MB', 1_500_000],
      ['300B', 300],
      [2048, 2048],
    ] as const) {
      expect((await buckets.updateBucket('limited', { public: false, fileSizeLimit: limit })).error, String(limit)).toBeNull();
      expect((await buckets.getBucket('limited')).data?.file_size_limit, String(limit)).toBe(bytes);
    }
    const bad = await buckets.updateBucket('limited', { public: false, fileSizeLimit: '20 parsecs' });
    expect(bad.error).toMatchObject({ statusCode: '400', message: 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B' });
    const over = await owner.client.storage.from('limited').upload('big.txt', Buffer.alloc(2049, 'a'), { contentType: 'text/plain' });
    expect(over.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
  });

  it('serves the transformed image at a signed URL made with a transform', async () => {
    const png = await makeImage(1600, 'png');
    expect((await owner.client.storage.from('docs').upload('images/wide.png', png, { contentType: 'image/png' })).error).toBeNull();
    await s.t.kernel.storage.idle();
    const { data, error } = await owner.client.storage.from('docs').createSignedUrl('images/wide.png', 60, { transform: { width: 200 } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/docs/images/wide.png?token=');
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // The smallest device-width copy at least 200 wide.
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);
    // The width is the token's: the query string does not change it, and a plain link serves the original.
    const tampered = await fetch(`${data!.signedUrl}&width=1200`);
    expect((await sharp(Buffer.from(await tampered.arrayBuffer())).metadata()).width).toBe(640);
    const plain = await owner.client.storage.from('docs').createSignedUrl('images/wide.png', 60);
    expect((await sharp(Buffer.from(await (await fetch(plain.data!.signedUrl)).arrayBuffer())).metadata()).width).toBe(1600);
    // A transform link does not open another object.
    expect((await fetch(data!.signedUrl.replace('images/wide.png', 'notes/readme.txt'))).status).toBe(400);
  });

  it('keeps the declared content type when it agrees with the content, and through copy and move', async () => {
    const docs = owner.client.storage.from('docs');
    expect((await docs.upload('types/notes.txt', Buffer.from('# Notes'), { contentType: 'text/markdown' })).error).toBeNull();
    expect((await docs.info('types/notes.txt')).data?.contentType).toBe('text/markdown');
    const signed = await docs.createSignedUrl('types/notes.txt', 60);
    expect((await fetch(signed.data!.signedUrl)).headers.get('content-type')).toBe('text/markdown');

    // Declared types that disagree with the content, or that a browser would run, are not taken.
    const png = await makeImage(50, 'png');
    expect((await docs.upload('types/picture.jpg', png, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await docs.info('types/picture.jpg')).data?.contentType).toBe('image/png');
    expect((await docs.upload('types/page.txt', Buffer.from('<html><script>alert(1)</script></html>'), { contentType: 'text/html' })).error).toBeNull();
    expect((await docs.info('types/page.txt')).data?.contentType).toBe('text/plain');
    // storage-js's default for Buffers says nothing about a PNG: ours wins.
    expect((await docs.upload('types/default.png', png)).error).toBeNull();
    expect((await docs.info('types/default.png')).data?.contentType).toBe('image/png');

    // SVG: plain drawings are stored, scripted ones refused.
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';
    expect((await docs.upload('types/ok.svg', Buffer.from(svg), { contentType: 'image/svg+xml' })).error).toBeNull();
    for (const evil of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="x"/></foreignObject></svg>',
    ]) {
      const refused = await docs.upload('types/evil.svg', Buffer.from(evil), { contentType: 'image/svg+xml', upsert: true });
      expect(refused.error, evil).toMatchObject({ statusCode: '415' });
    }

    expect((await docs.copy('types/notes.txt', 'types/copy.txt')).error).toBeNull();
    expect((await docs.info('types/copy.txt')).data?.contentType).toBe('text/markdown');
    expect((await docs.move('types/copy.txt', 'types/moved.txt')).error).toBeNull();
    expect((await docs.info('types/moved.txt')).data?.contentType).toBe('text/markdown');
  });

  it('stores the canonical type for a declared alias, so images stay inline', async () => {
    const docs = owner.client.storage.from('docs');
    const jpeg = await makeImage(40, 'jpeg');
    const png = await makeImage(40, 'png');
    for (const [path, bytes, declared, canonical] of [
      ['aliases/photo.jpg', jpeg, 'image/jpg', 'image/jpeg'],
      ['aliases/old.jpg', jpeg, 'image/pjpeg', 'image/jpeg'],
      ['aliases/shot.png', png, 'image/x-png', 'image/png'],
    ] as const) {
      expect((await docs.upload(path, bytes, { contentType: declared })).error, declared).toBeNull();
      expect((await docs.info(path)).data?.contentType, declared).toBe(canonical);
      const signed = await docs.createSignedUrl(path, 60);
      const res = await fetch(signed.data!.signedUrl);
      expect(res.status, declared).toBe(200);
      expect(res.headers.get('content-type'), declared).toBe(canonical);
      // Shown by the browser, not downloaded.
      expect(res.headers.get('content-disposition'), declared).toBeNull();
    }
    // A charset is kept only as the UTF-8 the text was checked to be.
    expect((await docs.upload('aliases/latin.txt', Buffer.from('plain'), { contentType: 'text/plain;charset=iso-8859-1' })).error).toBeNull();
    expect((await docs.info('aliases/latin.txt')).data?.contentType).toBe('text/plain');
    expect((await docs.upload('aliases/table.csv', Buffer.from('a,b\n'), { contentType: 'text/x-csv; charset=utf-8' })).error).toBeNull();
    expect((await docs.info('aliases/table.csv')).data?.contentType).toBe('text/csv;charset=utf-8');
  });

  it('answers errors in storage-api’s shape', async () => {
    const headers = { apikey: site.anonKey, authorization: `Bearer ${owner.member.token}` };
    const object = await fetch(`${site.url}/storage/v1/object/docs/nothing-here.txt`, { headers });
    expect(object.status).toBe(400);
    expect(await object.json()).toEqual({ statusCode: '404', error: 'not_found', message: 'Object not found', code: 'NoSuchKey' });
    const bucket = await fetch(`${site.url}/storage/v1/object/no-such-bucket/file.txt`, { headers });
    expect(await bucket.json()).toEqual({ statusCode: '404', error: 'Bucket not found', message: 'Bucket not found', code: 'NoSuchBucket' });
    const duplicate = await owner.client.storage.createBucket('docs');
    expect(duplicate.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const raw = await fetch(`${site.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'docs' }),
    });
    expect(await raw.json()).toEqual({ statusCode: '409', error: 'Duplicate', message: 'The resource already exists', code: 'ResourceAlreadyExists' });
    expect((await owner.client.storage.deleteBucket('docs')).error).toMatchObject({
      statusCode: '409',
      message: 'The bucket you tried to delete is not empty',
    });
  });
});
