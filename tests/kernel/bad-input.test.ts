import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/**
 * Input PostgreSQL cannot take or that would make whatever walks it next work without end: refused
 * at the edge with a 4xx and a stable code, never a 500 (each of these answered 500 before).
 */
describe('bad input at the edge', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(() => t.close());

  it('answers a NUL byte in a path parameter or a query with 400 bad_request, on public and member routes', async () => {
    for (const url of ['/api/content/public/pages/a%00b', '/api/content/public/posts/a%00b', '/api/site/search?term=a%00b']) {
      const res = await t.request({ url, account: site });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', statusCode: 400 });
    }
    const members = await t.request({ url: '/api/account/members?search=x%00', as: owner });
    expect(members.statusCode).toBe(400);
    expect((await t.request({ url: '/api/account/members?search=x', as: owner })).statusCode).toBe(200);
  });

  it('answers a NUL character or nesting deeper than 64 levels in a JSON body with 400 validation_failed', async () => {
    const nul = await t.request({
      method: 'POST',
      url: '/api/content/terms',
      as: owner,
      payload: JSON.stringify({ taxonomy: 'tag', name: 'a\u0000b' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: 'validation_failed' });
    let deep = '1';
    for (let level = 0; level < 3000; level++) deep = `{"a":${deep}}`;
    const nested = await t.request({
      method: 'PUT',
      url: '/api/dashboard/preferences',
      as: owner,
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toMatchObject({ error: 'validation_failed' });
    // An escaped backslash followed by "u0000" is text, not a NUL.
    const text = await t.request({ method: 'POST', url: '/api/content/terms', as: owner, payload: { taxonomy: 'tag', name: 'back\\u0000slash' } });
    expect(text.statusCode).toBe(201);
  });
});
