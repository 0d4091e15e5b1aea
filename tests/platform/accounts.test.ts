import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/** A feature only Professional (and plans with every add-on) include, with a route to see it gate. */
const pingPlugin = definePlugin({
  manifest: { name: 'pinger', version: '1.2.0', kernel: '^0.1.0', description: 'Answers pings', feature: 'pinger', plans: ['professional'] },
  routes(app) {
    app.get('/ping', { config: { public: true }, schema: { response: { 200: { type: 'object', properties: { pong: { type: 'boolean' } } } } } }, async () => ({
      pong: true,
    }));
  },
});

/** A plugin with per-account setup and a capability for owners, to see a super-admin's switch set it up. */
const setups: string[] = [];
const notesPlugin = definePlugin({
  manifest: {
    name: 'notes',
    version: '2.0.0',
    kernel: '^0.1.0',
    feature: 'notes',
    plans: ['professional'],
    capabilities: [{ name: 'write_notes', roles: ['owner'] }],
  },
  async upgradeAccount(scope, fromVersion) {
    setups.push(`${scope.account.slug}:${fromVersion ?? 'new'}`);
  },
});

interface AccountItem {
  id: string;
  slug: string;
  name: string;
  plan: string;
  suspended_at: string | null;
  features: string[];
  feature_switches: Record<string, boolean>;
  member_count: number;
  is_platform: boolean;
}

describe('super-admin accounts', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let root: TestMember;
  let tenant: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [pingPlugin, notesPlugin] });
    ({ account: platform, superAdmin: root } = await t.platform());
    tenant = await t.createAccount({ slug: 'acme', name: 'Acme Academy', plan: 'professional', features: ['pinger'] });
    owner = await t.createMember(tenant, { role: 'owner', email: 'owner@acme.test' });
  });
  afterAll(() => t?.close());

  const asRoot = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.request({ method, url, payload, as: root });

  it('creates an account with its owner, who can then manage the new site', async () => {
    const res = await asRoot('POST', '/api/platform/accounts', {
      slug: 'newschool',
      name: 'New School',
      plan: 'starter',
      owner_email: 'Founder@NewSchool.test',
      owner_name: 'Fay Founder',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { account: AccountItem; owner: { user_id: string; email: string; new_user: boolean } };
    expect(body.account).toMatchObject({ slug: 'newschool', name: 'New School', plan: 'starter', member_count: 1, suspended_at: null, is_platform: false });
    expect(body.account.features).toEqual(expect.arrayContaining(['ai', 'emails']));
    expect(body.owner).toMatchObject({ email: 'founder@newschool.test', new_user: true });

    const owners = await asRoot('GET', '/api/platform/owners?search=founder@newschool');
    expect(owners.json()).toMatchObject({
      total: 1,
      owners: [{ user_id: body.owner.user_id, name: 'Fay Founder', role: 'owner', account: { slug: 'newschool' } }],
    });

    // The owner has no password yet; a session (as a one-time code would give) manages the site.
    const token = await t.kernel.tokens.sign({ sub: body.owner.user_id, email: body.owner.email, role: 'authenticated', account_id: body.account.id });
    const site = await t.app.inject({ url: '/api/account/addons', headers: { host: 'newschool.localhost', authorization: `Bearer ${token}` } });
    expect(site.statusCode).toBe(200);
    expect(site.json()).toMatchObject({ plan: 'starter' });
  });

  it('makes an existing user the owner without creating another one', async () => {
    const res = await asRoot('POST', '/api/platform/accounts', { slug: 'second-site', name: 'Second', plan: 'professional', owner_email: 'owner@acme.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json().owner).toMatchObject({ user_id: owner.userId, new_user: false });
  });

  it('refuses a taken, reserved or malformed address and an unknown plan', async () => {
    const clash = await asRoot('POST', '/api/platform/accounts', { slug: 'acme', name: 'Copy', plan: 'starter', owner_email: 'x@copy.test' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'slug_taken', statusCode: 409 });
    // Nothing of the refused request was kept: the clash's would-be owner has no user.
    const owners = await asRoot('GET', '/api/platform/owners?search=x@copy.test');
    expect(owners.json().total).toBe(0);

    const reserved = await asRoot('POST', '/api/platform/accounts', { slug: 'www', name: 'W', plan: 'starter', owner_email: 'w@w.test' });
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().error).toBe('invalid_slug');
    const malformed = await asRoot('POST', '/api/platform/accounts', { slug: 'Bad_Slug', name: 'B', plan: 'starter', owner_email: 'b@b.test' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('invalid_slug');
    const plan = await asRoot('POST', '/api/platform/accounts', { slug: 'plan-x', name: 'P', plan: 'gold', owner_email: 'p@p.test' });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().error).toBe('validation_failed');
  });

  it("gives a tenant's owner, and a super-admin on a tenant site, 403 on every platform route", async () => {
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', '/api/platform/accounts'],
      ['POST', '/api/platform/accounts', { slug: 'sneaky', name: 'S', plan: 'starter', owner_email: 's@s.test' }],
      ['PUT', `/api/platform/accounts/${tenant.id}`, { plan: 'dedicated' }],
      ['GET', '/api/platform/owners'],
      ['GET', '/api/platform/crons'],
      ['POST', '/api/platform/crons/anything/run', {}],
      ['GET', '/api/platform/plugins'],
    ];
    const rootOnTenant: TestMember = {
      ...root,
      accountId: tenant.id,
      token: await t.kernel.tokens.sign({ sub: root.userId, email: root.email, role: 'authenticated', account_id: tenant.id }),
    };
    for (const [method, url, payload] of routes) {
      for (const caller of [owner, rootOnTenant]) {
        const res = await t.request({ method, url, payload, as: caller, account: tenant });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().error).toBe('forbidden');
      }
    }
    expect(await t.kernel.accounts.findBySlug('sneaky')).toBeNull();
    expect((await t.kernel.accounts.findById(tenant.id))?.plan).toBe('professional');
  });

  it("suspending closes the tenant's API with account_suspended (sign-in still answers); unsuspending restores it", async () => {
    expect((await t.request({ url: '/api/account/addons', as: owner })).statusCode).toBe(200);
    const suspend = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { suspended: true });
    expect(suspend.statusCode).toBe(200);
    expect(suspend.json().suspended_at).toEqual(expect.any(String));

    const refused = await t.request({ url: '/api/account/addons', as: owner });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'account_suspended', statusCode: 403 });
    expect((await t.request({ url: '/api/pinger/ping', account: tenant })).json().error).toBe('account_suspended');
    expect((await t.request({ url: '/auth/v1/settings', account: tenant })).statusCode).toBe(200);
    expect((await t.request({ url: '/healthz', account: tenant })).statusCode).toBe(200);

    const suspended = await asRoot('GET', '/api/platform/accounts?status=suspended');
    expect((suspended.json().accounts as AccountItem[]).map((a) => a.slug)).toEqual(['acme']);

    const restore = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { suspended: false });
    expect(restore.json().suspended_at).toBeNull();
    expect((await t.request({ url: '/api/account/addons', as: owner })).statusCode).toBe(200);
  });

  it('refuses to suspend the platform account', async () => {
    const res = await asRoot('PUT', `/api/platform/accounts/${platform.id}`, { suspended: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('platform_not_suspendable');
    expect((await asRoot('GET', '/api/platform/accounts')).statusCode).toBe(200);
  });

  it("a plan change limits the account's features; a feature outside the plan cannot be switched on", async () => {
    expect((await t.request({ url: '/api/pinger/ping', account: tenant })).statusCode).toBe(200);
    const down = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { plan: 'starter', name: 'Acme Basic' });
    expect(down.statusCode).toBe(200);
    const account = down.json() as AccountItem;
    expect(account).toMatchObject({ plan: 'starter', name: 'Acme Basic' });
    expect(account.features).not.toContain('pinger');
    // The owner's switch is kept, so upgrading again brings the add-on back.
    expect(account.feature_switches).toMatchObject({ pinger: true });
    expect((await t.request({ url: '/api/pinger/ping', account: tenant })).statusCode).toBe(404);

    const notInPlan = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { features: { pinger: true } });
    expect(notInPlan.json()).toMatchObject({ error: 'feature_not_in_plan' });
    expect(notInPlan.statusCode).toBe(403);
    const unknown = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { features: { warp_drive: true } });
    expect(unknown.json()).toMatchObject({ error: 'unknown_feature' });
    const allowed = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { features: { single_session: true } });
    expect(allowed.json().features).toContain('single_session');

    const up = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { plan: 'professional' });
    expect(up.json().features).toContain('pinger');
    expect((await t.request({ url: '/api/pinger/ping', account: tenant })).statusCode).toBe(200);
  });

  it("extends an account's trial, ends it (a paid or free plan), and refuses a date that is not one", async () => {
    const until = '2027-02-28T23:59:59.000Z';
    const extended = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { trial_ends_at: until });
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({ trial_ends_at: until });
    // The account's own billing answer shows it at once (the cached account was forgotten).
    const billing = await t.request({ url: '/api/account/billing', as: owner });
    expect(billing.json().trial).toMatchObject({ ends_at: until });
    const listed = await asRoot('GET', `/api/platform/accounts?search=${tenant.slug}`);
    expect((listed.json() as { accounts: AccountItem[] }).accounts[0]).toMatchObject({ trial_ends_at: until });
    const ended = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { trial_ends_at: null });
    expect(ended.json()).toMatchObject({ trial_ends_at: null });
    expect((await t.request({ url: '/api/account/billing', as: owner })).json().trial).toBeNull();
    const bad = await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, { trial_ends_at: 'next tuesday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
  });

  it('refuses an empty change, an unknown account and a malformed id', async () => {
    expect((await asRoot('PUT', `/api/platform/accounts/${tenant.id}`, {})).statusCode).toBe(400);
    const missing = await asRoot('PUT', '/api/platform/accounts/00000000-0000-4000-8000-000000000000', { name: 'Ghost' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('account_not_found');
    expect((await asRoot('PUT', '/api/platform/accounts/not-a-uuid', { name: 'X' })).statusCode).toBe(400);
  });

  it('searches and pages accounts with totals and member counts', async () => {
    for (const n of [1, 2, 3]) {
      const account = await t.createAccount({ slug: `paged-${n}`, name: `Paged School ${n}`, plan: n === 3 ? 'starter' : 'professional' });
      for (let i = 0; i < n; i++) await t.createMember(account, { role: 'student' });
    }
    const first = (await asRoot('GET', '/api/platform/accounts?search=paged&limit=2&offset=0')).json() as { accounts: AccountItem[]; total: number };
    expect(first.total).toBe(3);
    expect(first.accounts).toHaveLength(2);
    const second = (await asRoot('GET', '/api/platform/accounts?search=paged&limit=2&offset=2')).json() as { accounts: AccountItem[]; total: number };
    expect(second.total).toBe(3);
    expect(second.accounts).toHaveLength(1);
    const counts = Object.fromEntries([...first.accounts, ...second.accounts].map((a) => [a.slug, a.member_count]));
    expect(counts).toEqual({ 'paged-1': 1, 'paged-2': 2, 'paged-3': 3 });

    const past = (await asRoot('GET', '/api/platform/accounts?search=paged&limit=2&offset=10')).json();
    expect(past).toEqual({ accounts: [], total: 3 });
    const starters = (await asRoot('GET', '/api/platform/accounts?search=PAGED&plan=starter')).json() as { accounts: AccountItem[]; total: number };
    expect(starters.accounts.map((a) => a.slug)).toEqual(['paged-3']);
    // LIKE wildcards in the search are taken literally.
    expect((await asRoot('GET', '/api/platform/accounts?search=%25')).json().total).toBe(0);
    expect((await asRoot('GET', '/api/platform/accounts?limit=0')).statusCode).toBe(400);
    expect((await asRoot('GET', '/api/platform/accounts?status=closed')).statusCode).toBe(400);
  });

  it('sets a plugin up for the account when a super-admin switches its feature on', async () => {
    const site = await t.createAccount({ slug: 'notebook', plan: 'professional' });
    const boss = await t.createMember(site, { role: 'owner' });
    const caps = async () => ((await t.request({ url: '/api/account/me', as: boss })).json() as { caps: string[] }).caps;
    expect(setups).not.toContain('notebook:new');
    const res = await asRoot('PUT', `/api/platform/accounts/${site.id}`, { features: { notes: true } });
    expect(res.statusCode).toBe(200);
    // The setup runs once the switch is committed.
    for (let i = 0; i < 50 && !setups.includes('notebook:new'); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(setups).toContain('notebook:new');
    expect(await caps()).toContain('write_notes');
    // Recorded as set up: switching off and on again does not run the setup a second time.
    await asRoot('PUT', `/api/platform/accounts/${site.id}`, { features: { notes: false } });
    await asRoot('PUT', `/api/platform/accounts/${site.id}`, { features: { notes: true } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(setups.filter((s) => s.startsWith('notebook:'))).toEqual(['notebook:new']);
  });
});
