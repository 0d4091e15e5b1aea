import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/** A plugin whose feature only Professional (and the every-add-on plans) include. */
const gadgets = definePlugin({
  manifest: { name: 'gadgets', version: '2.3.4', kernel: '^0.1.0', description: 'Gadgets for courses', feature: 'gadgets', plans: ['professional'] },
});
/** A plugin without a feature: on for every account. */
const always = definePlugin({ manifest: { name: 'always-on', version: '0.0.1', kernel: '^0.1.0' } });

interface Owner {
  user_id: string;
  name: string;
  email: string | null;
  role: string;
  account: { id: string; slug: string; name: string };
}

describe('super-admin owners, crons and plugin catalogue', () => {
  let t: TestKernel;
  let root: TestMember;
  let tenant: TestAccount;
  let tenantOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [gadgets, always] });
    ({ superAdmin: root } = await t.platform());
    tenant = await t.createAccount({ slug: 'ownersville', name: 'Ownersville', plan: 'professional', features: ['gadgets'] });
    tenantOwner = await t.createMember(tenant, { role: 'owner', email: 'ada@ownersville.test', name: 'Ada Owner' });
    await t.createMember(tenant, { role: 'owner', email: 'bob@ownersville.test', name: 'Bob Owner' });
    await t.createMember(tenant, { role: 'instructor', email: 'ivy@ownersville.test', name: 'Ivy Teacher' });
    await t.createMember(tenant, { role: 'student', email: 'sam@ownersville.test', name: 'Sam Student' });
    const other = await t.createAccount({ slug: 'elsewhere', name: 'Elsewhere', plan: 'professional', features: ['gadgets'] });
    await t.createMember(other, { role: 'owner', email: 'cy@elsewhere.test', name: 'Cy Owner' });
    await t.createAccount({ slug: 'no-gadgets', plan: 'professional' });
    // Switched on, but the plan does not include it: not in effect.
    await t.createAccount({ slug: 'starter-switch', plan: 'starter', features: ['gadgets'] });
  });
  afterAll(() => t?.close());

  it('lists the members who manage an account, with their account, searchable and paged', async () => {
    const res = await t.request({ url: '/api/platform/owners?search=ownersville', as: root });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { owners: Owner[]; total: number };
    // Instructors and students of the account do not manage it.
    expect(body.total).toBe(2);
    expect(body.owners.map((o) => o.email).sort()).toEqual(['ada@ownersville.test', 'bob@ownersville.test']);
    expect(body.owners.find((o) => o.name === 'Ada Owner')).toMatchObject({
      user_id: tenantOwner.userId,
      role: 'owner',
      account: { id: tenant.id, slug: 'ownersville', name: 'Ownersville' },
    });

    const all = (await t.request({ url: '/api/platform/owners?limit=1', as: root })).json() as { owners: Owner[]; total: number };
    expect(all.total).toBe(3);
    expect(all.owners).toHaveLength(1);
    const page3 = (await t.request({ url: '/api/platform/owners?limit=1&offset=2', as: root })).json() as { owners: Owner[]; total: number };
    expect(page3.total).toBe(3);
    expect(page3.owners[0]?.email).not.toBe(all.owners[0]?.email);
    expect((await t.request({ url: '/api/platform/owners?search=cy@else', as: root })).json().owners[0].account.slug).toBe('elsewhere');
    expect((await t.request({ url: '/api/platform/owners?offset=-1', as: root })).statusCode).toBe(400);
  });

  it('lists the registered crons and runs one now in its account', async () => {
    await t.kernel.jobs.schedule('test.nightly-digest', '0 3 * * *', { kind: 'digest' }, { accountId: tenant.id, tz: 'Europe/Paris' });
    const listed = await t.request({ url: '/api/platform/crons', as: root });
    expect(listed.statusCode).toBe(200);
    const cron = (listed.json().crons as Array<Record<string, unknown>>).find((c) => c.name === 'test.nightly-digest');
    expect(cron).toMatchObject({ cron: '0 3 * * *', timezone: 'Europe/Paris', account_id: tenant.id, last_run: null });

    const run = await t.request({ method: 'POST', url: '/api/platform/crons/test.nightly-digest/run', as: root });
    expect(run.statusCode).toBe(202);
    const { id } = run.json() as { id: string };
    const job = await t.kernel.jobs.find(id);
    expect(job).toMatchObject({ name: 'test.nightly-digest', account_id: tenant.id });

    const after = (await t.request({ url: '/api/platform/crons', as: root })).json().crons as Array<{
      name: string;
      last_run: { id: string; state: string } | null;
    }>;
    expect(after.find((c) => c.name === 'test.nightly-digest')?.last_run).toMatchObject({ id, state: 'created' });

    const missing = await t.request({ method: 'POST', url: '/api/platform/crons/no.such-cron/run', as: root });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/platform/crons/bad%20name/run', as: root })).statusCode).toBe(400);
  });

  it('lists installed plugins and kernel features with their plans and how many accounts use them', async () => {
    const res = await t.request({ url: '/api/platform/plugins', as: root });
    expect(res.statusCode).toBe(200);
    const plugins = res.json().plugins as Array<Record<string, unknown>>;
    expect(plugins.find((p) => p.name === 'gadgets')).toEqual({
      kind: 'plugin',
      name: 'gadgets',
      version: '2.3.4',
      description: 'Gadgets for courses',
      feature: 'gadgets',
      plans: ['professional', 'dedicated'],
      accounts_using: 2,
    });
    // No feature: every account (the platform's included) has it.
    expect(plugins.find((p) => p.name === 'always-on')).toMatchObject({
      feature: null,
      plans: ['starter', 'professional', 'dedicated', 'lifetime'],
      accounts_using: 5,
    });
    expect(plugins.find((p) => p.name === 'single_session')).toMatchObject({ kind: 'kernel', feature: 'single_session', accounts_using: 0 });

    // Switching the add-on off for one account shows in the count.
    await t.request({ method: 'PUT', url: `/api/platform/accounts/${tenant.id}`, as: root, payload: { features: { gadgets: false, single_session: true } } });
    const again = (await t.request({ url: '/api/platform/plugins', as: root })).json().plugins as Array<Record<string, unknown>>;
    expect(again.find((p) => p.name === 'gadgets')?.accounts_using).toBe(1);
    expect(again.find((p) => p.name === 'single_session')?.accounts_using).toBe(1);
  });

  it('refuses a tenant owner on the owners, crons and plugin routes', async () => {
    for (const url of ['/api/platform/owners', '/api/platform/crons', '/api/platform/plugins']) {
      const res = await t.request({ url, as: tenantOwner });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
