import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { notesPlugin, pinged } from './fixtures/notes-plugin.js';

describe('features and add-ons', () => {
  let t: TestKernel;
  let on: TestAccount;
  let off: TestAccount;
  let starter: TestAccount;
  let onOwner: TestMember;
  let offOwner: TestMember;
  let starterOwner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [notesPlugin()] });
    on = await t.createAccount({ slug: 'on', plan: 'professional', features: ['notes'] });
    off = await t.createAccount({ slug: 'off', plan: 'professional' });
    starter = await t.createAccount({ slug: 'starter', plan: 'starter' });
    onOwner = await t.createMember(on, { role: 'owner' });
    offOwner = await t.createMember(off, { role: 'owner' });
    starterOwner = await t.createMember(starter, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    pinged.length = 0;
  });

  it("a feature switched off 404s the plugin's routes for that account only", async () => {
    expect((await t.request({ url: '/api/notes/all', account: on })).statusCode).toBe(200);
    const res = await t.request({ url: '/api/notes/all', account: off });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('not_found');
  });

  it("a feature switched off skips the plugin's hooks for that account only", async () => {
    await t.kernel.hooks.doAction('notes.ping', {}, { accountId: off.id, features: (await t.kernel.accounts.findById(off.id))!.features });
    await t.kernel.hooks.doAction('notes.ping', {}, { accountId: on.id, features: (await t.kernel.accounts.findById(on.id))!.features });
    expect(pinged).toEqual([on.id]);
  });

  it('owners list the add-ons with what their plan includes', async () => {
    const res = await t.request({ url: '/api/account/addons', as: starterOwner });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { plan: string; addons: { feature: string; available: boolean; enabled: boolean; plugin?: string }[] };
    expect(body.plan).toBe('starter');
    expect(body.addons.find((a) => a.feature === 'notes')).toMatchObject({ available: false, enabled: false, plugin: 'notes' });
    expect(body.addons.find((a) => a.feature === 'single_session')).toMatchObject({ available: true, enabled: false });
    // Certificates are the course plugin's to honour: this kernel has no LMS, so they are not on offer.
    expect(body.addons.map((a) => a.feature)).not.toContain('certificates');
  });

  it('a plan without the feature cannot switch it on', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/account/addons', as: starterOwner, payload: { feature: 'notes', enabled: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'feature_not_in_plan', statusCode: 403 });
    expect((await t.request({ url: '/api/notes/all', account: starter })).statusCode).toBe(404);
  });

  it('an unknown add-on is a clear 404', async () => {
    const res = await t.request({ method: 'PUT', url: '/api/account/addons', as: offOwner, payload: { feature: 'warp_drive', enabled: true } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('unknown_feature');
  });

  it('switching a feature on opens its routes at once, and off closes them again', async () => {
    const enable = await t.request({ method: 'PUT', url: '/api/account/addons', as: offOwner, payload: { feature: 'notes', enabled: true } });
    expect(enable.statusCode).toBe(200);
    expect(enable.json()).toMatchObject({ feature: 'notes', available: true, enabled: true });
    expect((await t.request({ url: '/api/notes/all', account: off })).statusCode).toBe(200);
    // The owner got the plugin's capability when the add-on was set up for the account.
    const write = await t.request({ method: 'POST', url: '/api/notes', as: offOwner, payload: { text: 'now on' } });
    expect(write.statusCode).toBe(201);

    const disable = await t.request({ method: 'PUT', url: '/api/account/addons', as: offOwner, payload: { feature: 'notes', enabled: false } });
    expect(disable.json()).toMatchObject({ enabled: false });
    expect((await t.request({ url: '/api/notes/all', account: off })).statusCode).toBe(404);
    // Switching off never drops data.
    const kept = await t.kernel.inAccount(off.id, ({ db }) => db.selectFrom('notes').select('text').execute());
    expect(kept).toEqual([{ text: 'now on' }]);
  });

  it('only owners (manage_options) manage add-ons', async () => {
    const student = await t.createMember(on, { role: 'student' });
    expect((await t.request({ url: '/api/account/addons', as: student })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/account/addons', account: on })).statusCode).toBe(401);
  });

  it('a role without the capability gets 403, with it 201', async () => {
    const student = await t.createMember(on, { role: 'student' });
    const instructor = await t.createMember(on, { role: 'instructor' });
    expect((await t.request({ method: 'POST', url: '/api/notes', as: student, payload: { text: 'x' } })).json()).toMatchObject({
      error: 'forbidden',
      statusCode: 403,
    });
    expect((await t.request({ method: 'POST', url: '/api/notes', as: instructor, payload: { text: 'y' } })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/api/notes', as: onOwner, payload: { text: 'z' } })).statusCode).toBe(201);
  });

  it('an unknown plan gets no features at all', async () => {
    const odd = await t.createAccount({ slug: 'odd', plan: 'mystery', features: ['notes', 'single_session'] });
    const account = await t.kernel.accounts.findById(odd.id);
    expect([...(account?.features ?? [])]).toEqual([]);
  });
});
