import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const icons = [
  { src: 'app-icons/icon-192.png', sizes: '192x192', type: 'image/png' },
  { src: 'https://cdn.example.com/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
];

describe('the site as an installable app', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ name: 'Pine Academy' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const manifest = async (account: TestAccount = site) => {
    const res = await t.request({ url: '/manifest.webmanifest', account });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    return res.json() as Record<string, unknown>;
  };
  const putApp = (payload: unknown, as: TestMember = owner) => t.request({ method: 'PUT', url: '/api/account/app', as, payload });

  it('serves a manifest built from the account before anything is saved', async () => {
    expect(await manifest()).toEqual({
      name: 'Pine Academy',
      short_name: 'Pine Academy',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#ffffff',
      background_color: '#ffffff',
      lang: 'en',
      icons: [],
    });
    const res = await t.request({ url: '/api/account/app', as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ settings: {}, manifest: { name: 'Pine Academy' } });
  });

  it('follows the site title, icon, language and theme colour while the app settings leave them out', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/account/site',
      as: owner,
      payload: { settings: { sitetitle: 'Pine Academy of Music', icon: 'branding/icon.png', defaultLanguage: 'de' }, theme: { primaryColor: '#224466' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await manifest()).toMatchObject({
      name: 'Pine Academy of Music',
      short_name: 'Pine Academy',
      lang: 'de',
      theme_color: '#224466',
      icons: [{ src: '/storage/v1/object/public/branding/icon.png', sizes: 'any', type: 'image/png' }],
    });
  });

  it('reflects what the owner saves', async () => {
    const app = {
      name: 'Pine',
      short_name: 'Pine',
      description: 'Music lessons',
      icons,
      theme_color: '#000',
      background_color: '#fafafa',
      display: 'minimal-ui',
    };
    const res = await putApp(app);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ settings: app });
    expect(await manifest()).toEqual({
      name: 'Pine',
      short_name: 'Pine',
      description: 'Music lessons',
      start_url: '/',
      scope: '/',
      display: 'minimal-ui',
      theme_color: '#000',
      background_color: '#fafafa',
      lang: 'de',
      icons: [
        { src: '/storage/v1/object/public/app-icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: 'https://cdn.example.com/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      ],
    });
    const read = await t.request({ url: '/api/account/app', as: owner });
    expect(read.json()).toMatchObject({ settings: app });

    // Saving replaces the settings whole: a field left out falls back to the account default again.
    expect((await putApp({ name: 'Pine Two' })).statusCode).toBe(200);
    expect(await manifest()).toMatchObject({ name: 'Pine Two', short_name: 'Pine Two', display: 'standalone', theme_color: '#224466' });
  });

  it('keeps each site its own manifest', async () => {
    const other = await t.createAccount({ name: 'Cedar College' });
    expect(await manifest(other)).toMatchObject({ name: 'Cedar College' });
  });

  it('refuses invalid app settings', async () => {
    const invalid = [
      { name: '' },
      { name: 'x'.repeat(46) },
      { short_name: 'thirteen chars' },
      { description: 'd'.repeat(201) },
      { theme_color: 'blue' },
      { background_color: 'rgba(0,0,0,1)' },
      { display: 'fullscreen' },
      { icons: [{ src: 'a.png', sizes: 'big' }] },
      { icons: [{ src: 'javascript:alert(1)', sizes: '192x192' }] },
      { start_url: '/elsewhere' },
    ];
    for (const payload of invalid) {
      const res = await putApp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });

  it('needs both a 192 px and a 512 px icon when icons are given', async () => {
    const only192 = await putApp({ icons: [icons[0]] });
    expect(only192.statusCode).toBe(400);
    expect(only192.json()).toMatchObject({ error: 'validation_failed', message: expect.stringMatching(/512x512/) });
    const combined = await putApp({ icons: [{ src: 'app-icons/all.png', sizes: '192x192 512x512' }] });
    expect(combined.statusCode, combined.body).toBe(200);
  });

  it('lets only managers see or change the app settings', async () => {
    expect((await t.request({ url: '/api/account/app', as: student })).statusCode).toBe(403);
    expect((await putApp({ name: 'Nope' }, student)).statusCode).toBe(403);
    expect((await manifest()).name).not.toBe('Nope');
  });
});
