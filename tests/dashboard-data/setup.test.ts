import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Setup {
  steps: Array<{ key: string; done: boolean; path: string }>;
  done_count: number;
  total: number;
  dismissed: boolean;
}

describe('setup checklist', () => {
  let t: TestKernel;
  let a: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    // A site created without a title, so every step starts open.
    const slug = `setup-${Date.now().toString(36)}`;
    const { id } = await t.kernel.admin.createAccount({ slug, name: 'Setup school', plan: 'starter', settings: { sitetitle: '' } });
    a = { id, slug, host: `${slug}.${t.config.platformDomain}`, plan: 'starter' };
    owner = await t.createMember(a, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const setup = async () => {
    const res = await t.request({ url: '/api/account/setup', as: owner });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Setup;
  };
  const step = async (key: string) => (await setup()).steps.find((s) => s.key === key);
  const updateAccount = async (change: Record<string, unknown>) => {
    await t.kernel.withSystem('test: change the account', (db) => db.updateTable('accounts').set(change).where('id', '=', a.id).execute());
    await t.kernel.accounts.invalidate(a.id);
  };

  it('starts with every step open, each pointing at the screen that completes it', async () => {
    const s = await setup();
    expect(s.steps).toEqual([
      { key: 'site_title', done: false, path: '/dashboard/manage/site' },
      { key: 'logo', done: false, path: '/dashboard/manage/site' },
      { key: 'invite_member', done: false, path: '/dashboard/manage/users' },
      { key: 'custom_domain', done: false, path: '/dashboard/manage/site' },
      { key: 'addons', done: false, path: '/dashboard/addons' },
      { key: 'auth_settings', done: false, path: '/dashboard/manage/users' },
      { key: 'first_email', done: false, path: '/dashboard/manage/marketing/emails' },
    ]);
    expect(s).toMatchObject({ done_count: 0, total: 7, dismissed: false });
  });

  it('marks the title and logo done once the site settings have them', async () => {
    await updateAccount({ settings: sql`settings || '{"sitetitle": "My School"}'::jsonb` });
    expect(await step('site_title')).toMatchObject({ done: true });
    expect(await step('logo')).toMatchObject({ done: false });
    await updateAccount({ settings: sql`settings || '{"logo": "https://cdn.example.test/logo.png"}'::jsonb` });
    expect(await step('logo')).toMatchObject({ done: true });
  });

  it('marks invite_member done once someone besides the owner joins', async () => {
    await t.createMember(a, { role: 'student' });
    expect(await step('invite_member')).toMatchObject({ done: true });
  });

  it('marks custom_domain done once a domain is set', async () => {
    await updateAccount({ custom_domain: `school-${Date.now().toString(36)}.example.test` });
    expect(await step('custom_domain')).toMatchObject({ done: true });
  });

  it('marks addons done once an add-on is switched on, and open again when switched off', async () => {
    const switchTo = (enabled: boolean) => t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'single_session', enabled } });
    expect((await switchTo(true)).statusCode).toBe(200);
    expect(await step('addons')).toMatchObject({ done: true });
    expect((await switchTo(false)).statusCode).toBe(200);
    expect(await step('addons')).toMatchObject({ done: false });
    expect((await switchTo(true)).statusCode).toBe(200);
  });

  it('marks auth_settings done once sign-in settings are saved', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/account/auth-settings', as: owner, payload: { autoconfirm: false } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await step('auth_settings')).toMatchObject({ done: true });
  });

  it('marks first_email done once the site sends mail, not for sign-in codes', async () => {
    await t.kernel.mail.send({ accountId: a.id, to: 'someone@example.test', subject: 'Your code', text: '123456', type: 'auth' });
    expect(await step('first_email')).toMatchObject({ done: false });
    await t.kernel.mail.send({ accountId: a.id, to: 'someone@example.test', subject: 'Welcome', text: 'hello' });
    expect(await step('first_email')).toMatchObject({ done: true });
    expect(await setup()).toMatchObject({ done_count: 7, total: 7 });
  });

  it('remembers that the owner dismissed the checklist, and can bring it back', async () => {
    const dismiss = await t.request({ method: 'PUT', url: '/api/account/setup/dismiss', as: owner, payload: { dismissed: true } });
    expect(dismiss.statusCode, dismiss.body).toBe(200);
    expect(dismiss.json()).toMatchObject({ dismissed: true, total: 7 });
    expect((await setup()).dismissed).toBe(true);
    await t.request({ method: 'PUT', url: '/api/account/setup/dismiss', as: owner, payload: { dismissed: false } });
    expect((await setup()).dismissed).toBe(false);
  });

  it('refuses a bad dismiss body and members without manage_options', async () => {
    for (const payload of [{}, { dismissed: 'yes' }, { dismissed: true, extra: 1 }]) {
      const res = await t.request({ method: 'PUT', url: '/api/account/setup/dismiss', as: owner, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const student = await t.createMember(a, { role: 'student' });
    expect((await t.request({ url: '/api/account/setup', as: student })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/account/setup/dismiss', as: student, payload: { dismissed: true } })).statusCode).toBe(403);
  });
});
