import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

/**
 * A new site starts alive (issue 18): its plan's plugin features on (a school has courses), a
 * published home page led by what the owner does, an about page, a first post and a menu that
 * links them, whether the owner signed up or a super-admin made it.
 */
describe("a new site's starting point", () => {
  let t: TestKernel;
  let platform: TestAccount;
  let root: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    ({ account: platform, superAdmin: root } = await t.platform());
  });
  afterAll(async () => {
    await t?.close();
  });

  async function siteOf(slug: string) {
    return t.kernel.withSystem('test: the new site', async (db) => {
      const account = await db.selectFrom('accounts').select(['id', 'features', 'menus', 'plugin_versions']).where('slug', '=', slug).executeTakeFirstOrThrow();
      const items = await db
        .selectFrom('content_items')
        .select(['type', 'slug', 'status', 'document'])
        .where('account_id', '=', account.id)
        .orderBy('type')
        .orderBy('slug')
        .execute();
      return { account, items };
    });
  }

  const blockTypes = (document: unknown) => ((document as { content: Array<{ type: string }> }).content ?? []).map((block) => block.type);

  it('gives a signed-up shop its products first, its pages published and its menu, with the LMS on and set up', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/signup',
      account: platform,
      payload: { site_name: 'Clay & Co', slug: 'clay-co', owner_name: 'Ana', email: 'ana@clay.test', password: 'slip-cast-Mugs-31', template: 'shop' },
    });
    expect(res.statusCode).toBe(201);
    const { account, items } = await siteOf('clay-co');
    expect(items.map((item) => [item.type, item.slug, item.status])).toEqual([
      ['page', 'about', 'published'],
      ['page', 'home', 'published'],
      ['post', 'hello', 'published'],
    ]);
    const home = items.find((item) => item.slug === 'home');
    expect(blockTypes(home?.document)).toEqual(['Hero', 'ProductGrid', 'CallToAction']);
    expect(JSON.stringify(home?.document)).toContain('Welcome to Clay & Co');
    const labels = ((account.menus as { header: Array<{ data: { menuItem: { label: string; item_url: string } } }> }).header ?? []).map((m) => m.data.menuItem);
    expect(labels).toEqual([
      { label: 'Home', item_url: '/', item_type: 'plain' },
      { label: 'Shop', item_url: '/shop', item_type: 'plain' },
      { label: 'About', item_url: '/about', item_type: 'plain' },
    ]);
    // DECISIONS: new accounts start with the plan's features on; the LMS then set the site up (after the commit).
    expect(account.features).toEqual({ lms: true });
    await expect.poll(async () => (await siteOf('clay-co')).account.plugin_versions).toHaveProperty('lms');
  });

  it('gives a site a super-admin makes the same start, led by courses', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/platform/accounts',
      as: root,
      payload: { slug: 'kiln-school', name: 'Kiln School', plan: 'starter', owner_email: 'kai@kiln.test' },
    });
    expect(res.statusCode).toBe(201);
    const { account, items } = await siteOf('kiln-school');
    expect(items.filter((item) => item.status === 'published')).toHaveLength(3);
    expect(blockTypes(items.find((item) => item.slug === 'home')?.document)).toEqual(['Hero', 'CourseGrid', 'CallToAction']);
    expect(account.features).toEqual({ lms: true });
  });
});
