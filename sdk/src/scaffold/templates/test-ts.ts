import { camelCase, tsString, type TemplateContext } from './context.js';

export function testTs(ctx: TemplateContext): string {
  return `import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, recordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from './index.js';
import { FEATURE, itemAdded, tagItem } from './manifest.js';

interface Item {
  id: string;
  title: string;
  tag: string | null;
  created_at: string;
}

interface ErrorBody {
  error: string;
  messageKey: string;
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

  const add = (title: string, as = owner) => t.request({ method: 'POST', url: ITEMS, as, payload: { title } });

  it('creates an item and lists it', async () => {
    const created = await add('First item');
    expect(created.statusCode).toBe(201);
    const item = created.json<Item>();
    expect(item).toMatchObject({ title: 'First item', tag: null });
    expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);

    const listed = await t.request({ url: ITEMS, as: owner });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ items: Item[] }>().items).toEqual([item]);
  });

  it('refuses a second item with the same title with its catalogued error', async () => {
    expect((await add('Twice')).statusCode).toBe(201);
    const again = await add('Twice');
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>()).toMatchObject({ error: ${tsString(`${ctx.underscored}_title_taken`)}, messageKey: ${tsString(`${camelCase(ctx.name)}.titleTaken`)} });
  });

  it("keeps each account's items to itself", async () => {
    const other = await t.createAccount({ features: [FEATURE] });
    const otherOwner = await t.createMember(other, { role: 'owner' });
    expect((await add('Elsewhere', otherOwner)).statusCode).toBe(201);
    const mine = (await t.request({ url: ITEMS, as: owner })).json<{ items: Item[] }>().items;
    expect(mine.map((item) => item.title)).not.toContain('Elsewhere');
    const theirs = (await t.request({ url: ITEMS, as: otherOwner })).json<{ items: Item[] }>().items;
    expect(theirs.map((item) => item.title)).toEqual(['Elsewhere']);
  });

  it('refuses members without the capability, callers without a session, and accounts without the feature', async () => {
    const student = await t.createMember(account, { role: 'student' });
    expect((await t.request({ url: ITEMS, as: student })).statusCode).toBe(403);
    expect((await add('Nope', student)).statusCode).toBe(403);
    expect((await t.request({ url: ITEMS, account })).statusCode).toBe(401);
    const off = await t.createAccount();
    expect((await t.request({ url: ITEMS, as: await t.createMember(off, { role: 'owner' }) })).statusCode).toBe(404);
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
    }
  });

  it('records its trigger with the change, and its action runs in an automation', async () => {
    const triggers = recordedTriggers(t.kernel);
    await triggers.clear();
    const automation = await t.request({
      method: 'POST',
      url: '/api/automations',
      as: owner,
      payload: { name: 'Tag new items', trigger_type: itemAdded.key, actions: [{ key: tagItem.key, args: { tag: 'automated' } }] },
    });
    expect(automation.statusCode, automation.body).toBe(201);
    const { id } = automation.json<{ id: string }>();

    const item = (await add('Tag me')).json<Item>();
    expect(await triggers.list()).toEqual([{ trigger: itemAdded.key, accountId: account.id, userId: owner.userId, itemId: item.id }]);
    // A refused request (the title is taken) records nothing.
    expect((await add('Tag me')).statusCode).toBe(409);
    expect(await triggers.list()).toHaveLength(1);

    // The run is a job: poll its trace, then see what the action did.
    const runs = async () => (await t.request({ url: \`/api/automations/runs?automation_id=\${id}\`, as: owner })).json<{ items: Array<{ status: string }> }>().items;
    await expect.poll(async () => (await runs()).map((run) => run.status), { timeout: 30_000 }).toEqual(['completed']);
    const items = (await t.request({ url: ITEMS, as: owner })).json<{ items: Item[] }>().items;
    expect(items.find((i) => i.id === item.id)?.tag).toBe('automated');
  });
});
`;
}
