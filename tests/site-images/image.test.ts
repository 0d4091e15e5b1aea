import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

const PUBLIC = '/storage/v1/object/public';

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 40, g: 140, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe('image optimizer (GET /_image)', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let wide: Buffer;

  const image = (url: string, query = '&w=640', headers: Record<string, string> = {}, account = a) =>
    t.request({ url: `/_image?url=${encodeURIComponent(url)}${query}`, account, headers });
  const read = async (body: Buffer) => sharp(body).metadata();

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount();
    b = await t.createAccount();
    wide = await png(2000, 1000);
    await t.kernel.storage.put(a.id, 'media', 'photos/wide.png', wide);
    await t.kernel.storage.put(a.id, 'media', 'photos/small.png', await png(300, 200));
    await t.kernel.storage.put(a.id, 'media', 'photos/cached.png', await png(1600, 900));
    await t.kernel.storage.put(a.id, 'media', 'docs/readme.txt', Buffer.from('not a picture'));
    await t.kernel.storage.put(
      a.id,
      'media',
      'icons/leaf.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'),
    );
    // texts is a private bucket: its files are never served to visitors.
    await t.kernel.storage.put(a.id, 'texts', 'secret.png', wide);
    await t.kernel.storage.idle();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('resizes a PNG from the media bucket to 640 wide WebP when the browser accepts WebP', async () => {
    const res = await image(`${PUBLIC}/media/photos/wide.png`, '&w=640', { accept: 'image/webp,image/png,*/*;q=0.8' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers.vary).toMatch(/accept/i);
    expect(res.headers.etag).toMatch(/^"[^"]+"$/);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(res.headers['cache-control'] as string)?.[1])).toBeGreaterThanOrEqual(3600);
    const meta = await read(res.rawPayload);
    expect(meta).toMatchObject({ format: 'webp', width: 640, height: 320 });
    expect(res.rawPayload.length).toBeLessThan(wide.length);
  });

  it('answers AVIF when accepted, else the original format; a storage path works as well as the URL', async () => {
    const avif = await image('media/photos/wide.png', '&w=750', { accept: 'image/avif,image/webp,*/*' });
    expect(avif.statusCode, avif.body).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await read(avif.rawPayload)).toMatchObject({ format: 'heif', width: 750 });

    const plain = await image('media/photos/wide.png', '&w=828', { accept: '*/*' });
    expect(plain.headers['content-type']).toBe('image/png');
    expect(await read(plain.rawPayload)).toMatchObject({ format: 'png', width: 828 });
    // Different representations of one URL never share an ETag.
    expect(new Set([avif.headers.etag, plain.headers.etag]).size).toBe(2);

    // A refused type (q=0) does not count as accepted.
    const refused = await image('media/photos/wide.png', '&w=828', { accept: 'image/webp;q=0, image/png' });
    expect(refused.headers['content-type']).toBe('image/png');
  });

  it('never enlarges an image', async () => {
    const res = await image(`${PUBLIC}/media/photos/small.png`, '&w=1080', { accept: 'image/webp' });
    expect(res.statusCode).toBe(200);
    expect(await read(res.rawPayload)).toMatchObject({ width: 300, height: 200 });
  });

  it('takes only the SPEC device widths and a quality from 1 to 100', async () => {
    for (const query of ['&w=641', '&w=0', '&w=4000', '&w=abc', '', '&w=640&q=0', '&w=640&q=101']) {
      const res = await image(`${PUBLIC}/media/photos/wide.png`, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const lower = await image(`${PUBLIC}/media/photos/wide.png`, '&w=640&q=20', { accept: 'image/webp' });
    const standard = await image(`${PUBLIC}/media/photos/wide.png`, '&w=640', { accept: 'image/webp' });
    expect(lower.statusCode).toBe(200);
    expect(lower.headers.etag).not.toBe(standard.headers.etag);
  });

  it('refuses files of a private bucket as if they did not exist', async () => {
    for (const url of [`${PUBLIC}/texts/secret.png`, 'texts/secret.png']) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('answers 404 for a missing object or bucket, and for another site’s files', async () => {
    for (const url of [`${PUBLIC}/media/photos/missing.png`, `${PUBLIC}/nobucket/x.png`]) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    const elsewhere = await image(`${PUBLIC}/media/photos/wide.png`, '&w=640', {}, b);
    expect(elsewhere.statusCode).toBe(404);
  });

  it('never fetches other addresses: other hosts, schemes and paths outside public storage are refused', async () => {
    const refused = [
      `http://other-host.test${PUBLIC}/media/photos/wide.png`,
      `https://169.254.169.254/latest/meta-data`,
      `//other-host.test${PUBLIC}/media/photos/wide.png`,
      `/\\other-host.test${PUBLIC}/media/photos/wide.png`,
      'file:///etc/passwd',
      '/api/site/search?term=a',
      '/storage/v1/object/authenticated/texts/secret.png',
      `${PUBLIC}/media/../texts/secret.png`,
      `${PUBLIC}/media/%2e%2e/texts/secret.png`,
      `http://user@${a.host}${PUBLIC}/media/photos/wide.png`,
    ];
    for (const url of refused) {
      const res = await image(url);
      expect(res.statusCode, url).toBe(400);
    }
    // The site's own absolute URL is fine.
    const own = await image(`http://${a.host}${PUBLIC}/media/photos/wide.png`, '&w=640', { accept: 'image/webp' });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('refuses a file that is not an image or cannot be decoded, and passes SVG through unchanged and sandboxed', async () => {
    const text = await image(`${PUBLIC}/media/docs/readme.txt`);
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ error: 'bad_request' });

    // Looks like a PNG (the upload check reads the signature) but cannot be decoded.
    await t.kernel.storage.put(a.id, 'media', 'photos/broken.png', wide.subarray(0, 120));
    const broken = await image(`${PUBLIC}/media/photos/broken.png`, '&w=640', { accept: 'image/webp' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ error: 'bad_request' });

    const svg = await image(`${PUBLIC}/media/icons/leaf.svg`, '&w=640', { accept: 'image/avif,image/webp' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect(svg.headers['content-security-policy']).toContain('sandbox');
  });

  it('answers 304 when the ETag still matches, and a new ETag once the file changes', async () => {
    await t.kernel.storage.put(a.id, 'media', 'photos/changing.png', await png(1200, 600));
    const first = await image(`${PUBLIC}/media/photos/changing.png`, '&w=640', { accept: 'image/webp' });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    const again = await image(`${PUBLIC}/media/photos/changing.png`, '&w=640', { accept: 'image/webp', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await t.kernel.storage.put(a.id, 'media', 'photos/changing.png', await png(1000, 1000));
    const changed = await image(`${PUBLIC}/media/photos/changing.png`, '&w=640', { accept: 'image/webp', 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(await read(changed.rawPayload)).toMatchObject({ width: 640, height: 640 });
  });

  it('keeps renders in memory: a repeated request does not read or encode the file again', async () => {
    const url = `${PUBLIC}/media/photos/cached.png`;
    const first = await image(url, '&w=1080', { accept: 'image/webp' });
    expect(first.statusCode).toBe(200);
    // With the stored bytes gone, only the cache can answer.
    await t.kernel.storage.driver.delete([`${a.id}/media/photos/cached.png`]);
    const second = await image(url, '&w=1080', { accept: 'image/webp' });
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // A rendering that was never made cannot come from the cache.
    const other = await image(url, '&w=750', { accept: 'image/webp' });
    expect(other.statusCode).toBe(404);
  });
});
