import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';

const doc = (text: string) => ({ root: { props: {} }, content: [{ type: 'Heading', props: { id: 'h1', text } }] });

describe('pages for members of a membership level', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let member: TestMember;
  let outsider: TestMember;
  let level: string;

  const visit = (url: string, as?: TestMember) => t.request({ url, account: site, ...(as === undefined ? {} : { as }) });
  const call = async <T>(method: string, url: string, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url, as: owner, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };

  beforeAll(async () => {
    // The real default theme draws the pages, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await createTestKernel({ plugins: [ecommerce], themes: { site: theme } });
    site = await t.createAccount({ name: 'Members Club' });
    owner = await t.createMember(site, { role: 'owner' });
    member = await t.createMember(site, { role: 'student' });
    outsider = await t.createMember(site, { role: 'student' });
    const pages: Array<[string, string]> = [
      ['insider-notes', 'Secret insider notes'],
      ['open-notes', 'Notes for everyone'],
    ];
    for (const [slug, text] of pages) {
      const page = await call<{ id: string }>('POST', '/api/content/pages', { title: slug, slug, document: doc(text) }, 201);
      await call('POST', `/api/content/pages/${page.id}/publish`, {});
      if (slug === 'insider-notes') {
        level = (await call<{ id: string }>('POST', '/api/ecommerce/memberships', { name: 'Insiders', content_ids: [page.id] }, 201)).id;
      }
    }
    await call(
      'POST',
      '/api/ecommerce/products',
      { title: 'Insiders monthly', price: { type: 'subscription', amount: 900, duration: { value: 1, parameter: 'month' } }, membership_id: level },
      201,
    );
    await call('PUT', `/api/ecommerce/memberships/${level}/members/${member.userId}`, {});
  });

  afterAll(async () => {
    await t?.close();
  });

  it('shows visitors and members without the level what opens the page, never the page itself', async () => {
    for (const res of [await visit('/insider-notes'), await visit('/insider-notes'), await visit('/insider-notes', outsider)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('Secret insider notes');
      expect(res.body).toContain('This page is for members (Insiders)');
      expect(res.body).toContain('Insiders monthly: $9.00 / month');
    }
    expect((await visit('/insider-notes')).body).toContain('/login?redirectedFrom=%2Finsider-notes');
    expect((await visit('/open-notes')).body).toContain('Notes for everyone');
  });

  it('keeps the body out of the public content API for the same readers', async () => {
    const api = (as?: TestMember) => t.request({ url: '/api/content/public/pages/insider-notes', account: site, ...(as === undefined ? {} : { as }) });
    for (const res of [await api(), await api(outsider)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: string }>().error).toBe('members_only');
      expect(res.body).not.toContain('Secret insider notes');
    }
    for (const res of [await api(member), await api(owner)]) expect(res.body).toContain('Secret insider notes');
    expect((await t.request({ url: '/api/content/public/pages/open-notes', account: site })).statusCode).toBe(200);
  });

  it('shows the page to members holding the level and to site managers', async () => {
    expect((await visit('/insider-notes', member)).body).toContain('Secret insider notes');
    expect((await visit('/insider-notes', owner)).body).toContain('Secret insider notes');
  });

  it('opens the page to visitors once no level names it (cached renders are purged)', async () => {
    await call('PUT', `/api/ecommerce/memberships/${level}`, { name: 'Insiders', content_ids: [] });
    expect((await visit('/insider-notes')).body).toContain('Secret insider notes');
  });
});
