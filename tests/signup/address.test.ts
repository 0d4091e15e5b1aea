import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteAddressWire } from '@lectern/sdk/wire';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

/** GET /api/signup/address: the sign-up form's live check of a new site's address (issue 18). */
describe('checking a new site address', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let school: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel();
    platform = (await t.platform()).account;
    school = await t.createAccount({ slug: 'bakery-school' });
    await t.createAccount({ slug: 'bakery-school-2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function check(query: string): Promise<{ status: number; body: SiteAddressWire & { error?: string } }> {
    const res = await t.request({ url: `/api/signup/address?${query}`, account: platform });
    return { status: res.statusCode, body: res.json() };
  }

  it('answers a free address as available, with the host it would have', async () => {
    const { status, body } = await check('slug=pottery-club');
    expect(status).toBe(200);
    expect(body).toEqual({ slug: 'pottery-club', address: `pottery-club.${t.config.platformDomain}`, available: true, reason: null, suggestion: null });
  });

  it('answers a taken address at once, with the first free alternative', async () => {
    const { body } = await check(`slug=${school.slug}`);
    expect(body).toMatchObject({ slug: 'bakery-school', available: false, reason: 'taken', suggestion: 'bakery-school-3' });
  });

  it('refuses addresses that are not host labels, and those the platform keeps', async () => {
    for (const slug of ['Bakery', 'bad_name', '-edge', 'edge-', 'a'.repeat(64), 'école']) {
      expect((await check(`slug=${encodeURIComponent(slug)}`)).body).toMatchObject({ available: false, reason: 'invalid', suggestion: null });
    }
    for (const slug of ['www', 'api', 'dashboard', 'billing']) {
      expect((await check(`slug=${slug}`)).body).toMatchObject({ available: false, reason: 'reserved' });
    }
  });

  it('makes the address from the site name when no address is sent', async () => {
    expect((await check(`name=${encodeURIComponent('Café Crème & Co.')}`)).body).toMatchObject({ slug: 'cafe-creme-co', available: true });
    expect((await check(`name=${encodeURIComponent('Bakery School')}`)).body).toMatchObject({ slug: 'bakery-school', reason: 'taken' });
    expect((await check(`name=${encodeURIComponent('!!!')}`)).body).toMatchObject({ slug: '', available: false, reason: 'invalid' });
  });

  it('asks for an address or a name, and bounds both', async () => {
    const none = await check('');
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('validation_failed');
    expect((await check(`slug=${'a'.repeat(201)}`)).status).toBe(400);
    expect((await check('slug=x&other=1')).status).toBe(400);
  });

  it("is the platform's: a tenant's site has no sign-up for new sites", async () => {
    const res = await t.request({ url: '/api/signup/address?slug=pottery-club', account: school });
    expect(res.statusCode).toBe(404);
  });
});
