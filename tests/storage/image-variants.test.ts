import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { AuthSite } from '../support/auth-site.js';
import { makeImage, startStorageKernel, storageSite, type StorageSite, type StorageUser } from './storage-site.js';

describe('image variants at device widths', () => {
  let s: AuthSite;
  let site: StorageSite;
  let owner: StorageUser;

  beforeAll(async () => {
    s = await startStorageKernel();
    site = await storageSite(s, { slug: 'gallery' });
    owner = await site.user('owner');
    expect((await owner.client.storage.createBucket('media', { public: true })).error).toBeNull();
  });
  afterAll(async () => {
    await s?.close();
  });

  const widthOf = async (url: string) => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return { type: res.headers.get('content-type'), width: (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width };
  };

  it('makes copies at every device width smaller than a PNG, and serves the nearest one at least as wide', async () => {
    const png = await makeImage(2000, 'png');
    expect((await owner.client.storage.from('media').upload('covers/course.png', png, { contentType: 'image/png' })).error).toBeNull();
    await s.t.kernel.storage.idle();
    const row = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('storage_objects').select('variants').where('name', '=', 'covers/course.png').executeTakeFirstOrThrow(),
    );
    expect(row.variants).toEqual([640, 750, 828, 1080, 1200, 1920]);
    for (const width of row.variants as number[]) {
      const bytes = await s.t.kernel.storage.driver.get(`${site.account.id}/.variants/media/${width}/covers/course.png`);
      expect((await sharp(bytes!).metadata()).width).toBe(width);
    }
    const media = site.anonymous().storage.from('media');
    expect(await widthOf(media.getPublicUrl('covers/course.png', { transform: { width: 700 } }).data.publicUrl)).toEqual({ type: 'image/png', width: 750 });
    expect(await widthOf(media.getPublicUrl('covers/course.png', { transform: { width: 640 } }).data.publicUrl)).toMatchObject({ width: 640 });
    // Wider than every copy: the original.
    expect(await widthOf(media.getPublicUrl('covers/course.png', { transform: { width: 3000 } }).data.publicUrl)).toMatchObject({ width: 2000 });
    expect(await widthOf(media.getPublicUrl('covers/course.png').data.publicUrl)).toMatchObject({ width: 2000 });
  });

  it('makes JPEG copies at quality 75, none for small images, and drops them with the object', async () => {
    const jpeg = await makeImage(900, 'jpeg');
    expect((await owner.client.storage.from('media').upload('photo.jpg', jpeg, { contentType: 'image/jpeg' })).error).toBeNull();
    const small = await makeImage(300, 'png');
    expect((await owner.client.storage.from('media').upload('icon.png', small, { contentType: 'image/png' })).error).toBeNull();
    await s.t.kernel.storage.idle();
    const rows = await s.t.kernel.inAccount(site.account.id, ({ db }) =>
      db.selectFrom('storage_objects').select(['name', 'variants']).where('name', 'in', ['photo.jpg', 'icon.png']).orderBy('name').execute(),
    );
    expect(rows).toEqual([
      { name: 'icon.png', variants: [] },
      { name: 'photo.jpg', variants: [640, 750, 828] },
    ]);
    const key = `${site.account.id}/.variants/media/640/photo.jpg`;
    expect((await sharp((await s.t.kernel.storage.driver.get(key))!).metadata()).format).toBe('jpeg');
    expect((await owner.client.storage.from('media').remove(['photo.jpg'])).error).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await s.t.kernel.storage.driver.get(key)).toBeNull();
  });

  it('stores files for kernel code through kernel.storage.put', async () => {
    const png = await makeImage(700, 'png');
    const put = await s.t.kernel.storage.put(site.account.id, 'media', 'generated/chart.png', png);
    expect(put.key).toBe('media/generated/chart.png');
    await s.t.kernel.storage.idle();
    expect((await s.t.kernel.storage.get(site.account.id, 'media', 'generated/chart.png'))?.equals(png)).toBe(true);
    expect(
      await widthOf(
        site
          .anonymous()
          .storage.from('media')
          .getPublicUrl('generated/chart.png', { transform: { width: 600 } }).data.publicUrl,
      ),
    ).toMatchObject({ width: 640 });
  });
});
