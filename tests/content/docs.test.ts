import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import lms from '@lectern/plugin-lms';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const doc = (text: string) => ({ root: { props: {} }, content: [{ type: 'Heading', props: { id: 'h1', text } }] });

/**
 * Docs as content (issue 18, item 7): the platform's super-admins write the provider site's docs in
 * the editor (/api/content/docs, /dashboard/docs); a published doc is at /docs/{slug}, listed on the
 * docs index, and replaces the provider theme's guide of the same address.
 */
describe('docs', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let superAdmin: TestMember;
  let school: TestAccount;
  let schoolOwner: TestMember;

  const create = async (as: TestMember, payload: object) => {
    const made = await t.request({ method: 'POST', url: '/api/content/docs', as, payload });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<{ id: string; type: string; slug: string }>();
  };
  const publish = async (as: TestMember, id: string) =>
    expect((await t.request({ method: 'POST', url: `/api/content/docs/${id}/publish`, as, payload: {} })).statusCode).toBe(200);

  beforeAll(async () => {
    // The real provider theme draws /docs and its guides, imported by name (no DOM types here).
    const providerPackage: string = '@lectern/theme-provider';
    const defaultPackage: string = '@lectern/theme-default';
    const { theme: provider } = (await import(providerPackage)) as { theme: ThemeDefinition };
    const { theme: site } = (await import(defaultPackage)) as { theme: ThemeDefinition };
    // The LMS makes the certificate guide one this platform offers.
    t = await createTestKernel({ plugins: [lms], themes: { site, provider } });
    ({ account: platform, superAdmin } = await t.platform({ role: 'owner' }));
    school = await t.createAccount({ slug: 'doc-school' });
    schoolOwner = await t.createMember(school, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes a doc at /docs/{slug}, lists it on the docs index, and keeps drafts from visitors', async () => {
    const draft = await create(superAdmin, {
      title: 'Moving your school',
      slug: 'moving-your-school',
      excerpt: 'Bring courses over',
      document: doc('Step one'),
    });
    expect(draft.type).toBe('doc');
    expect((await t.request({ url: '/docs/moving-your-school', account: platform })).statusCode).toBe(404);
    expect((await t.request({ url: '/docs', account: platform })).body).not.toContain('Moving your school');

    await publish(superAdmin, draft.id);
    const shown = await t.request({ url: '/docs/moving-your-school', account: platform });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Step one');
    const index = await t.request({ url: '/docs', account: platform });
    expect(index.body).toContain('href="/docs/moving-your-school"');
    expect(index.body).toContain('Bring courses over');
    // The public list and the sitemap know it too.
    const listed = await t.request({ url: '/api/content/public/docs', account: platform });
    expect(listed.json()).toMatchObject({ total: 1, items: [{ slug: 'moving-your-school', type: 'doc' }] });
    expect((await t.request({ url: '/sitemap.xml', account: platform })).body).toContain('/docs/moving-your-school</loc>');
    // Pages and docs are kept apart: the page list does not hold it, and a page may share its slug.
    expect((await t.request({ url: '/api/content/pages', as: superAdmin })).json().items).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ slug: 'moving-your-school' })]),
    );
  });

  it("replaces the theme's guide at the same address, listed once, and the guide returns when the doc goes", async () => {
    const before = await t.request({ url: '/docs/certificate-builder', account: platform });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('Certificate builder');
    const links = (html: string) => html.split('href="/docs/certificate-builder"').length - 1;
    const linksBefore = links((await t.request({ url: '/docs', account: platform })).body);
    const written = await create(superAdmin, { title: 'Certificates, our way', slug: 'certificate-builder', document: doc('Our own certificate words') });
    await publish(superAdmin, written.id);
    const replaced = await t.request({ url: '/docs/certificate-builder', account: platform });
    expect(replaced.body).toContain('Our own certificate words');
    const index = (await t.request({ url: '/docs', account: platform })).body;
    // The doc takes the guide's place in the list (the footer keeps its own link).
    expect(links(index)).toBe(linksBefore);
    expect(index).toContain('Certificates, our way');

    expect((await t.request({ method: 'DELETE', url: `/api/content/docs/${written.id}`, as: superAdmin })).statusCode).toBe(200);
    const back = await t.request({ url: '/docs/certificate-builder', account: platform });
    expect(back.body).not.toContain('Our own certificate words');
    expect(back.body).toContain('Certificate builder');
  });

  it("keeps each site's docs its own and refuses bad input with clear codes", async () => {
    const theirs = await create(schoolOwner, { title: 'School handbook', slug: 'handbook', document: doc('School rules') });
    await publish(schoolOwner, theirs.id);
    expect((await t.request({ url: '/docs/handbook', account: platform })).statusCode).toBe(404);
    expect((await t.request({ url: '/docs/handbook', account: school })).body).toContain('School rules');
    expect((await t.request({ url: `/api/content/docs/${theirs.id}`, as: superAdmin })).statusCode).toBe(404);
    const taken = await t.request({ method: 'POST', url: '/api/content/docs', as: schoolOwner, payload: { title: 'Again', slug: 'handbook' } });
    expect(taken.statusCode).toBe(409);
    const bad = await t.request({ method: 'POST', url: '/api/content/docs', as: schoolOwner, payload: { title: 'Bad', slug: 'Not A Slug' } });
    expect(bad.statusCode).toBe(400);
  });
});
