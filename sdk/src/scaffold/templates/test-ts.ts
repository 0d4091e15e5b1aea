import { tsString, type TemplateContext } from './context.js';

export function testTs(ctx: TemplateContext): string {
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from './index.js';
import { FEATURE } from './manifest.js';

interface Item {
  id: string;
  title: string;
  created_at: string;
}

interface ItemList {
  items: Item[];
  total: number;
}

interface ErrorBody {
  error: string;
  statusCode: number;
}

const ITEMS = ${tsString(`/api/${ctx.name}/items`)};

describe(${tsString(`${ctx.name} plugin`)}, () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    // A whole kernel with this plugin: in-memory PGlite, or a fresh database under TEST_DATABASE_URL.
    t = await createTestKernel({ plugins: [plugin] });
    account = await t.createAccount({ features: [FEATURE] });
    // Owners get the plugin's capability: its manifest grants it to the 'owner' role.
    owner = await t.createMember(account, { role: 'owner' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates an item and lists it', async () => {
    const created = await t.request({ method: 'POST', url: ITEMS, as: owner, payload: { title: 'First item' } });
    expect(created.statusCode).toBe(201);
    const item = created.json<Item>();
    expect(item).toMatchObject({ title: 'First item' });
    expect(typeof item.id).toBe('string');
    expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);

    const listed = await t.request({ url: ITEMS, as: owner });
    expect(listed.statusCode).toBe(200);
    const list = listed.json<ItemList>();
    expect(list.total).toBe(1);
    expect(list.items).toEqual([item]);
  });

  it('paginates with limit and offset', async () => {
    for (const title of ['Second item', 'Third item']) {
      const res = await t.request({ method: 'POST', url: ITEMS, as: owner, payload: { title } });
      expect(res.statusCode).toBe(201);
    }
    const page = (await t.request({ url: \`\${ITEMS}?limit=2&offset=0\`, as: owner })).json<ItemList>();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    const rest = (await t.request({ url: \`\${ITEMS}?limit=2&offset=2\`, as: owner })).json<ItemList>();
    expect(rest.items).toHaveLength(1);
    const ids = new Set([...page.items, ...rest.items].map((i) => i.id));
    expect(ids.size).toBe(3);
  });

  it("keeps each account's items to itself", async () => {
    const other = await t.createAccount({ features: [FEATURE] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    const res = await t.request({ url: ITEMS, as: otherOwner });
    expect(res.statusCode).toBe(200);
    expect(res.json<ItemList>()).toEqual({ items: [], total: 0 });
  });

  it('refuses members without the capability, and callers without a session', async () => {
    const student = await t.createMember(account, { role: 'student' });
    const list = await t.request({ url: ITEMS, as: student });
    expect(list.statusCode).toBe(403);
    expect(list.json<ErrorBody>().error).toBe('forbidden');
    const create = await t.request({ method: 'POST', url: ITEMS, as: student, payload: { title: 'Nope' } });
    expect(create.statusCode).toBe(403);

    const anonymous = await t.request({ url: ITEMS, account });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 where the feature is off', async () => {
    const off = await t.createAccount();
    const offOwner = await t.createMember(off, { role: 'owner' });
    const res = await t.request({ url: ITEMS, as: offOwner });
    expect(res.statusCode).toBe(404);
  });

  it('rejects invalid input with validation_failed', async () => {
    for (const payload of [{}, { title: '' }, { title: 'x'.repeat(201) }]) {
      const res = await t.request({ method: 'POST', url: ITEMS, as: owner, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toBe('validation_failed');
    }
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'limit=abc']) {
      const res = await t.request({ url: \`\${ITEMS}?\${query}\`, as: owner });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error).toBe('validation_failed');
    }
  });
});
`;
}
