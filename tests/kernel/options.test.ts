import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type, definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

const Entry = Type.Object({ id: Type.String(), enabled: Type.Boolean(), order: Type.Number() });

/** Routes that read and write the profilemenu option through the request context. */
const menuPlugin = definePlugin({
  manifest: { name: 'menus', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get('/profilemenu', { config: { public: true }, schema: { response: { 200: { type: 'array', items: Entry } } } }, async (request) =>
      request.ctx.options.get('profilemenu', []),
    );
    app.put(
      '/profilemenu',
      {
        config: { capability: 'manage_options' },
        schema: {
          body: Type.Object({ entries: Type.Array(Entry), fail: Type.Optional(Type.Boolean()) }),
          response: { 200: { type: 'array', items: Entry } },
        },
      },
      async (request) => {
        await request.ctx.options.set('profilemenu', request.body.entries);
        const readBack = await request.ctx.options.get('profilemenu', []);
        if (request.body.fail) throw new Error('fails after the write');
        return readBack;
      },
    );
  },
});

describe('options', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [menuPlugin] });
    a = await t.createAccount();
    b = await t.createAccount();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a fallback when unset, and what was written once set, per account', async () => {
    const owner = await t.createMember(a, { role: 'owner' });
    expect((await t.request({ url: '/api/menus/profilemenu', account: a })).json()).toEqual([]);
    const entries = [
      { id: 'courses', enabled: true, order: 1 },
      { id: 'groups', enabled: false, order: 2 },
    ];
    const put = await t.request({ method: 'PUT', url: '/api/menus/profilemenu', as: owner, payload: { entries } });
    expect(put.json()).toEqual(entries); // read back inside the same transaction
    expect((await t.request({ url: '/api/menus/profilemenu', account: a })).json()).toEqual(entries);
    expect((await t.request({ url: '/api/menus/profilemenu', account: b })).json()).toEqual([]);
  });

  it('a failed request leaves neither the value nor a stale cache behind', async () => {
    const owner = await t.createMember(b, { role: 'owner' });
    const before = [{ id: 'points', enabled: true, order: 1 }];
    await t.request({ method: 'PUT', url: '/api/menus/profilemenu', as: owner, payload: { entries: before } });
    expect((await t.request({ url: '/api/menus/profilemenu', account: b })).json()).toEqual(before);
    const failed = await t.request({ method: 'PUT', url: '/api/menus/profilemenu', as: owner, payload: { entries: [], fail: true } });
    expect(failed.statusCode).toBe(500);
    expect((await t.request({ url: '/api/menus/profilemenu', account: b })).json()).toEqual(before);
  });

  it('is cached: a write behind the cache is not seen until purged', async () => {
    const c = await t.createAccount();
    expect((await t.request({ url: '/api/menus/profilemenu', account: c })).json()).toEqual([]);
    const sneaky = [{ id: 'x', enabled: true, order: 1 }];
    await t.kernel.inAccount(c.id, ({ db }) =>
      db
        .insertInto('options')
        .values({ account_id: c.id, key: 'profilemenu', value: JSON.stringify(sneaky) })
        .execute(),
    );
    expect((await t.request({ url: '/api/menus/profilemenu', account: c })).json()).toEqual([]);
    await t.kernel.options.purge(c.id, 'profilemenu');
    expect((await t.request({ url: '/api/menus/profilemenu', account: c })).json()).toEqual(sneaky);
  });
});
