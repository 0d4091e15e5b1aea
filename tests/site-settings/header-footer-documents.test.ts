import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

const doc = (html: string) => ({ root: { props: {} }, content: [{ type: 'RichText', props: { id: 'r1', html } }] });

describe('header and footer documents from the visual editor', () => {
  let t: TestKernel;
  let a: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload });
  const read = async () =>
    (await t.request({ url: '/api/account/site', as: owner })).json() as { header: Record<string, unknown>; footer: Record<string, unknown> };

  it('stores the documents sanitised and keeps them when the settings forms save without them', async () => {
    const saved = await save({
      header: { header_search: true, document: doc('<p>Free shipping<script>alert(1)</script></p>') },
      footer: { footer_bottom: '<p>©</p>', document: doc('<p onclick="x()">Made with care</p>') },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    let site = await read();
    expect(JSON.stringify(site.header.document)).toContain('Free shipping');
    expect(JSON.stringify(site.header.document)).not.toContain('script');
    expect(JSON.stringify(site.footer.document)).not.toContain('onclick');

    expect((await save({ header: { header_search: false }, footer: { footer_bottom: '<p>© 2026</p>' } })).statusCode).toBe(200);
    site = await read();
    expect(site.header.header_search).toBe(false);
    expect(JSON.stringify(site.header.document)).toContain('Free shipping');
    expect(JSON.stringify(site.footer.document)).toContain('Made with care');

    expect((await save({ header: { header_search: false, document: { root: { props: {} }, content: [] } } })).statusCode).toBe(200);
    expect((await read()).header.document).toEqual({ root: { props: {} }, content: [] });
  });

  it('refuses a document that is not a Puck document', async () => {
    const res = await save({ header: { document: { content: 'nope' } } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'validation_failed' });
  });
});
