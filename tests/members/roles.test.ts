import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, KERNEL_CAPABILITIES } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface RoleBody {
  id: string;
  slug: string;
  name: string;
  caps: string[];
  is_default: boolean;
  member_count: number;
}

/** A plugin that only declares capabilities, one of them with a hyphen (manifest names allow it). */
const capsPlugin = definePlugin({
  manifest: {
    name: 'caps-fixture',
    version: '1.0.0',
    kernel: '^0.1.0',
    capabilities: [
      { name: 'write_notes', description: 'Writes notes', roles: ['owner', 'instructor'] },
      { name: 'notes-admin', roles: [] },
    ],
  },
});

describe('roles of an account', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [capsPlugin] });
    site = await t.createAccount({ slug: 'roles' });
    owner = await t.createMember(site, { role: 'owner' });
    await t.createMember(site, { role: 'student' });
    await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const roles = async (as: TestMember = owner): Promise<Record<string, RoleBody>> => {
    const res = await t.request({ url: '/api/account/roles', as });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries((res.json() as { roles: RoleBody[] }).roles.map((r) => [r.slug, r]));
  };
  const post = (payload: object, as: TestMember = owner) => t.request({ method: 'POST', url: '/api/account/roles', as, payload });
  const put = (id: string, payload: object, as: TestMember = owner) => t.request({ method: 'PUT', url: `/api/account/roles/${id}`, as, payload });
  const del = (id: string, as: TestMember = owner) => t.request({ method: 'DELETE', url: `/api/account/roles/${id}`, as });

  it('lists the default roles with their capabilities and member counts', async () => {
    const list = await roles();
    expect(Object.keys(list).sort()).toEqual(['instructor', 'owner', 'student']);
    expect(list.owner).toMatchObject({ name: 'Owner', is_default: false, member_count: 1 });
    expect(list.owner!.caps).toEqual(expect.arrayContaining(['manage_options', 'read', 'write_notes']));
    expect(list.instructor).toMatchObject({ is_default: false, member_count: 0 });
    expect(list.student).toEqual({ id: expect.any(String), slug: 'student', name: 'Student', caps: ['read'], is_default: true, member_count: 2 });
  });

  it('lists the capabilities roles can hold: the kernel’s and the plugins’', async () => {
    const res = await t.request({ url: '/api/account/capabilities', as: owner });
    expect(res.statusCode).toBe(200);
    const caps = (res.json() as { capabilities: { name: string; description: string }[] }).capabilities;
    for (const [name, description] of Object.entries(KERNEL_CAPABILITIES)) expect(caps).toContainEqual({ name, description });
    expect(caps).toContainEqual({ name: 'write_notes', description: 'Writes notes' });
    expect(caps.find((c) => c.name === 'notes-admin')?.description).toMatch(/caps-fixture/);
    expect(new Set(caps.map((c) => c.name)).size).toBe(caps.length);
  });

  it('creates a role (201) and refuses a duplicate slug (409)', async () => {
    const res = await post({ slug: 'teaching_assistant', name: 'Teaching assistant', caps: ['read', 'manage_students', 'read'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      slug: 'teaching_assistant',
      name: 'Teaching assistant',
      caps: ['read', 'manage_students'],
      is_default: false,
      member_count: 0,
    });
    const again = await post({ slug: 'teaching_assistant', name: 'Another', caps: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining('teaching_assistant') });
    expect((await post({ slug: 'owner', name: 'Second owner', caps: ['read'] })).statusCode).toBe(409);
    expect((await roles()).teaching_assistant).toBeDefined();
  });

  it('accepts declared and well-formed capability names and refuses junk', async () => {
    const ok = await post({ slug: 'notes-team', name: 'Notes team', caps: ['write_notes', 'notes-admin', 'future_plugin.publish'] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().caps).toEqual(['write_notes', 'notes-admin', 'future_plugin.publish']);

    for (const caps of [['DROP TABLE roles'], ['Read'], [''], ['1st'], ['unknown-hyphenated'], ['a b'], [{}]]) {
      const res = await post({ slug: 'junk-role', name: 'Junk', caps });
      expect(res.statusCode, JSON.stringify(caps)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    expect((await roles())['junk-role']).toBeUndefined();
  });

  it('refuses malformed slugs and names', async () => {
    for (const payload of [
      { slug: 'a', name: 'Too short', caps: [] },
      { slug: 'x'.repeat(41), name: 'Too long', caps: [] },
      { slug: 'Upper', name: 'Upper', caps: [] },
      { slug: 'two words', name: 'Spaces', caps: [] },
      { slug: '-leading', name: 'Leading hyphen', caps: [] },
      { slug: 'trailing-', name: 'Trailing hyphen', caps: [] },
      { slug: 'no-name', name: '   ', caps: [] },
      { slug: 'no-caps', name: 'No caps' },
    ]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await post({ slug: 'ok-slug_2', name: 'Fine', caps: [] })).statusCode).toBe(201);
  });

  it('moves the default flag: on create and on edit, one default per account', async () => {
    const created = await post({ slug: 'newcomer', name: 'Newcomer', caps: ['read'], is_default: true });
    expect(created.statusCode).toBe(201);
    expect(created.json().is_default).toBe(true);
    let list = await roles();
    expect(
      Object.values(list)
        .filter((r) => r.is_default)
        .map((r) => r.slug),
    ).toEqual(['newcomer']);

    // Sign-ups now join with the new default role.
    const { id: userId } = await t.kernel.admin.createUser({ email: `joiner-${randomUUID()}@example.test` });
    await t.kernel.admin.addMember(site.id, userId);
    expect((await roles()).newcomer!.member_count).toBe(1);

    const back = await put(list.student!.id, { is_default: true });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ slug: 'student', is_default: true });
    list = await roles();
    expect(
      Object.values(list)
        .filter((r) => r.is_default)
        .map((r) => r.slug),
    ).toEqual(['student']);

    // Unsetting the only default would leave sign-ups without a role.
    const unset = await put(list.student!.id, { is_default: false });
    expect(unset.statusCode).toBe(409);
    expect(unset.json().error).toBe('conflict');
    // Unsetting it on a role that is not the default changes nothing.
    expect((await put(list.newcomer!.id, { is_default: false })).json().is_default).toBe(false);
  });

  it('renames a role and changes its capabilities', async () => {
    const created = (await post({ slug: 'editor', name: 'Editor', caps: ['read'] })).json() as RoleBody;
    const renamed = await put(created.id, { name: 'Content editor' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: created.id, slug: 'editor', name: 'Content editor', caps: ['read'] });
    const recapped = await put(created.id, { caps: ['read', 'edit_posts'] });
    expect(recapped.json()).toMatchObject({ name: 'Content editor', caps: ['read', 'edit_posts'] });
    expect((await put(created.id, { caps: ['Bad Cap'] })).statusCode).toBe(400);
    expect((await put(created.id, {})).statusCode).toBe(400);
    // The slug is fixed: a body with nothing else to change is refused.
    expect((await put(created.id, { slug: 'renamed' })).statusCode).toBe(400);
    expect((await roles()).editor).toBeDefined();
    expect((await put(randomUUID(), { name: 'Ghost' })).statusCode).toBe(404);
    expect((await put('not-a-uuid', { name: 'Ghost' })).statusCode).toBe(400);
  });

  it('a change to a role’s capabilities reaches its members on their next request', async () => {
    const instructor = await t.createMember(site, { role: 'instructor' });
    expect((await t.request({ url: '/api/account/members', as: instructor })).statusCode).toBe(403);
    const instructorRole = (await roles()).instructor!;
    const granted = await put(instructorRole.id, { caps: [...instructorRole.caps, 'manage_options'] });
    expect(granted.statusCode).toBe(200);
    expect((await t.request({ url: '/api/account/members', as: instructor })).statusCode).toBe(200);
    const revoked = await put(instructorRole.id, { caps: instructorRole.caps });
    expect(revoked.statusCode).toBe(200);
    expect((await t.request({ url: '/api/account/members', as: instructor })).statusCode).toBe(403);
  });

  it('will not take manage_options from the role that holds the last owners', async () => {
    const other = await t.createAccount({ slug: 'roles-last' });
    const soleOwner = await t.createMember(other, { role: 'owner' });
    const list = await roles(soleOwner);
    const withoutManage = list.owner!.caps.filter((c) => c !== 'manage_options');
    const refused = await put(list.owner!.id, { caps: withoutManage }, soleOwner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('last_owner');
    expect((await roles(soleOwner)).owner!.caps).toContain('manage_options');

    // A role nobody holds can lose manage_options freely.
    const spare = (await post({ slug: 'spare', name: 'Spare', caps: ['manage_options'] }, soleOwner)).json() as RoleBody;
    expect((await put(spare.id, { caps: ['read'] }, soleOwner)).statusCode).toBe(200);

    // Once someone else manages the account through another role, the owner role may lose it.
    const manager = (await post({ slug: 'manager', name: 'Manager', caps: ['manage_options', 'read'] }, soleOwner)).json() as RoleBody;
    const colleague = await t.createMember(other, { role: 'student' });
    expect(
      (await t.request({ method: 'PUT', url: `/api/account/members/${colleague.userId}`, as: soleOwner, payload: { role_id: manager.id } })).statusCode,
    ).toBe(200);
    expect((await put(list.owner!.id, { caps: withoutManage }, soleOwner)).statusCode).toBe(200);
    // ...and the former owner lost access at once, while the manager keeps it.
    expect((await t.request({ url: '/api/account/roles', as: soleOwner })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/account/roles', as: colleague })).statusCode).toBe(200);
    // Now the manager role holds the last owner.
    expect((await put(manager.id, { caps: ['read'] }, colleague)).json().error).toBe('last_owner');
  });

  it('deletes a role nobody holds, refusing the default role and roles in use', async () => {
    const list = await roles();
    const inUse = await del(list.owner!.id);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining('1 member still has') });
    const isDefault = await del(list.student!.id);
    expect(isDefault.statusCode).toBe(409);
    expect(isDefault.json().message).toMatch(/default/);

    const temp = (await post({ slug: 'temporary', name: 'Temporary', caps: ['read'] })).json() as RoleBody;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/roles/${temp.id}`,
      headers: { host: site.host, authorization: `Bearer ${owner.token}` },
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ status: true });
    expect((await roles()).temporary).toBeUndefined();
    expect((await del(temp.id)).statusCode).toBe(404);
    expect((await del('nope')).statusCode).toBe(400);
  });
});
