import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface MemberBody {
  user_id: string;
  name: string;
  email: string | null;
  slug: string;
  avatar: string | null;
  role: { id: string; slug: string; name: string };
  created_at: string;
}
interface ListBody {
  members: MemberBody[];
  total: number;
}
interface RoleBody {
  id: string;
  slug: string;
  name: string;
  caps: string[];
  is_default: boolean;
  member_count: number;
}

describe('members of an account', () => {
  let t: TestKernel;

  beforeAll(async () => {
    t = await createTestKernel();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function rolesOf(owner: TestMember): Promise<Record<string, RoleBody>> {
    const res = await t.request({ url: '/api/account/roles', as: owner });
    expect(res.statusCode).toBe(200);
    return Object.fromEntries((res.json() as { roles: RoleBody[] }).roles.map((r) => [r.slug, r]));
  }

  describe('listing', () => {
    let site: TestAccount;
    let owner: TestMember;
    const names: string[] = [];

    beforeAll(async () => {
      site = await t.createAccount({ slug: 'listing' });
      // Created out of order on purpose: the list is ordered by name, not by creation.
      owner = await t.createMember(site, { role: 'owner', name: 'Olga Owner', email: 'olga@listing.test' });
      await t.createMember(site, { role: 'student', name: 'Dave Davis', email: 'dave@listing.test' });
      await t.createMember(site, { role: 'student', name: 'Alice Adams', email: 'alice@example.test' });
      await t.createMember(site, { role: 'instructor', name: 'Carol Clark', email: 'carol@listing.test' });
      await t.createMember(site, { role: 'student', name: 'Eve Evans', email: 'eve@special.test' });
      await t.createMember(site, { role: 'student', name: 'Bob Brown', email: 'bob@listing.test' });
      names.push('Alice Adams', 'Bob Brown', 'Carol Clark', 'Dave Davis', 'Eve Evans', 'Olga Owner');
    });

    const list = async (query: string) => {
      const res = await t.request({ url: `/api/account/members${query}`, as: owner });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as ListBody;
      return { total: body.total, names: body.members.map((m) => m.name), members: body.members };
    };

    it('pages through members ordered by name, with the total', async () => {
      expect(await list('?limit=2')).toMatchObject({ total: 6, names: names.slice(0, 2) });
      expect(await list('?limit=2&offset=2')).toMatchObject({ total: 6, names: names.slice(2, 4) });
      expect(await list('?limit=20&offset=4')).toMatchObject({ total: 6, names: names.slice(4) });
      expect(await list('?offset=50')).toMatchObject({ total: 6, names: [] });
      // Default page size is 20.
      expect(await list('')).toMatchObject({ total: 6, names });
    });

    it('refuses page sizes outside 1–100 and negative offsets', async () => {
      for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
        const res = await t.request({ url: `/api/account/members${query}`, as: owner });
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error).toBe('validation_failed');
      }
    });

    it('describes each member with their role', async () => {
      const { members } = await list('?search=olga');
      const roles = await rolesOf(owner);
      expect(members).toEqual([
        {
          user_id: owner.userId,
          name: 'Olga Owner',
          email: 'olga@listing.test',
          slug: 'olga-owner',
          avatar: null,
          role: { id: roles.owner!.id, slug: 'owner', name: 'Owner' },
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        },
      ]);
    });

    it('searches names and emails, ignoring case', async () => {
      expect(await list('?search=ALICE')).toMatchObject({ total: 1, names: ['Alice Adams'] });
      expect(await list('?search=Special.TEST')).toMatchObject({ total: 1, names: ['Eve Evans'] });
      expect(await list('?search=listing.test')).toMatchObject({ total: 4, names: ['Bob Brown', 'Carol Clark', 'Dave Davis', 'Olga Owner'] });
      expect(await list('?search=listing.test&limit=1&offset=1')).toMatchObject({ total: 4, names: ['Carol Clark'] });
      expect(await list('?search=nobody')).toMatchObject({ total: 0, names: [] });
    });

    it('takes LIKE wildcards in a search literally', async () => {
      expect(await list(`?search=${encodeURIComponent('%')}`)).toMatchObject({ total: 0 });
      expect(await list('?search=_')).toMatchObject({ total: 0 });
      expect(await list(`?search=${encodeURIComponent('\\')}`)).toMatchObject({ total: 0 });
    });

    it('filters by role slug or role id, combined with search and paging', async () => {
      expect(await list('?role=instructor')).toMatchObject({ total: 1, names: ['Carol Clark'] });
      expect(await list('?role=student')).toMatchObject({ total: 4, names: ['Alice Adams', 'Bob Brown', 'Dave Davis', 'Eve Evans'] });
      const roles = await rolesOf(owner);
      expect(await list(`?role=${roles.owner!.id}`)).toMatchObject({ total: 1, names: ['Olga Owner'] });
      expect(await list('?role=student&search=brown')).toMatchObject({ total: 1, names: ['Bob Brown'] });
      expect(await list('?role=student&limit=1&offset=3')).toMatchObject({ total: 4, names: ['Eve Evans'] });
      expect(await list('?role=no-such-role')).toMatchObject({ total: 0, names: [] });
    });
  });

  describe('changing roles and removing members', () => {
    let site: TestAccount;
    let owner: TestMember;
    let roles: Record<string, RoleBody>;

    beforeAll(async () => {
      site = await t.createAccount({ slug: 'changes' });
      owner = await t.createMember(site, { role: 'owner' });
      roles = await rolesOf(owner);
    });

    it('a promotion takes effect on the member’s very next request, and so does a demotion', async () => {
      const student = await t.createMember(site, { role: 'student' });
      // This request also puts the student's role in the member cache.
      expect((await t.request({ url: '/api/account/members', as: student })).statusCode).toBe(403);

      const promoted = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: { role_id: roles.owner!.id } });
      expect(promoted.statusCode, promoted.body).toBe(200);
      expect(promoted.json()).toMatchObject({ user_id: student.userId, email: student.email, role: { id: roles.owner!.id, slug: 'owner', name: 'Owner' } });
      expect((await t.request({ url: '/api/account/members', as: student })).statusCode).toBe(200);

      const demoted = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: { role_id: roles.student!.id } });
      expect(demoted.json().role.slug).toBe('student');
      expect((await t.request({ url: '/api/account/members', as: student })).statusCode).toBe(403);
    });

    it('setting the role a member already has changes nothing', async () => {
      const student = await t.createMember(site, { role: 'student' });
      const res = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: { role_id: roles.student!.id } });
      expect(res.statusCode).toBe(200);
      expect(res.json().role.slug).toBe('student');
    });

    it('404s for a non-member or an unknown role, 400s for malformed ids', async () => {
      const student = await t.createMember(site, { role: 'student' });
      const stranger = await t.request({ method: 'PUT', url: `/api/account/members/${randomUUID()}`, as: owner, payload: { role_id: roles.owner!.id } });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error).toBe('not_found');
      const unknownRole = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: { role_id: randomUUID() } });
      expect(unknownRole.statusCode).toBe(404);
      expect(unknownRole.json().error).toBe('not_found');
      const badId = await t.request({ method: 'PUT', url: '/api/account/members/not-a-uuid', as: owner, payload: { role_id: roles.owner!.id } });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error).toBe('validation_failed');
      const badRole = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: { role_id: 'owner' } });
      expect(badRole.statusCode).toBe(400);
      const noBody = await t.request({ method: 'PUT', url: `/api/account/members/${student.userId}`, as: owner, payload: {} });
      expect(noBody.statusCode).toBe(400);
      expect((await t.request({ method: 'DELETE', url: `/api/account/members/${randomUUID()}`, as: owner })).statusCode).toBe(404);
      expect((await t.request({ method: 'DELETE', url: '/api/account/members/nope', as: owner })).statusCode).toBe(400);
    });

    it('removes a member with a body-less DELETE (no content-type), ending their access at once', async () => {
      const student = await t.createMember(site, { role: 'student' });
      expect((await t.request({ url: '/api/account/me', as: student })).statusCode).toBe(200);

      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/account/members/${student.userId}`,
        headers: { host: site.host, authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true });

      expect((await t.request({ url: '/api/account/me', as: student })).statusCode).toBe(403);
      const listed = await t.request({ url: `/api/account/members?search=${encodeURIComponent(student.email)}`, as: owner });
      expect(listed.json()).toEqual({ members: [], total: 0 });
      expect((await t.request({ method: 'DELETE', url: `/api/account/members/${student.userId}`, as: owner })).statusCode).toBe(404);
    });
  });

  describe('the last member who can manage the account', () => {
    it('cannot be demoted or removed, while one of two can', async () => {
      const site = await t.createAccount({ slug: 'last-owner' });
      const owner = await t.createMember(site, { role: 'owner' });
      const roles = await rolesOf(owner);

      const demote = await t.request({ method: 'PUT', url: `/api/account/members/${owner.userId}`, as: owner, payload: { role_id: roles.student!.id } });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({
        error: 'last_owner',
        messageKey: 'errors.lastOwner',
        message: 'The account needs at least one member who can manage it',
        statusCode: 409,
      });
      const remove = await t.request({ method: 'DELETE', url: `/api/account/members/${owner.userId}`, as: owner });
      expect(remove.statusCode).toBe(409);
      expect(remove.json().error).toBe('last_owner');
      // Moving to another role that can still manage the account is fine.
      const manager = await t.request({
        method: 'POST',
        url: '/api/account/roles',
        as: owner,
        payload: { slug: 'manager', name: 'Manager', caps: ['manage_options', 'read'] },
      });
      expect(manager.statusCode).toBe(201);
      const moved = await t.request({ method: 'PUT', url: `/api/account/members/${owner.userId}`, as: owner, payload: { role_id: manager.json().id } });
      expect(moved.statusCode).toBe(200);
      const back = await t.request({ method: 'PUT', url: `/api/account/members/${owner.userId}`, as: owner, payload: { role_id: roles.owner!.id } });
      expect(back.statusCode).toBe(200);

      // With a second owner, one of them may step down; then the other is the last one.
      const second = await t.createMember(site, { role: 'owner' });
      const stepDown = await t.request({ method: 'PUT', url: `/api/account/members/${owner.userId}`, as: owner, payload: { role_id: roles.instructor!.id } });
      expect(stepDown.statusCode).toBe(200);
      expect((await t.request({ method: 'DELETE', url: `/api/account/members/${second.userId}`, as: second })).json().error).toBe('last_owner');
      expect(
        (await t.request({ method: 'PUT', url: `/api/account/members/${second.userId}`, as: second, payload: { role_id: roles.student!.id } })).json().error,
      ).toBe('last_owner');
      // The refused changes were rolled back: the second owner still manages the account.
      expect((await t.request({ url: '/api/account/members', as: second })).statusCode).toBe(200);
      // Students can still be removed when only one owner is left.
      const student = await t.createMember(site, { role: 'student' });
      expect((await t.request({ method: 'DELETE', url: `/api/account/members/${student.userId}`, as: second })).statusCode).toBe(200);
    });

    it.each([1, 2, 3, 4, 5])('survives two owners demoting each other at the same time (round %i)', async (round) => {
      const site = await t.createAccount({ slug: `race-${round}` });
      const a = await t.createMember(site, { role: 'owner' });
      const b = await t.createMember(site, { role: 'owner' });
      const roles = await rolesOf(a);
      const [first, second] = await Promise.all([
        t.request({ method: 'PUT', url: `/api/account/members/${b.userId}`, as: a, payload: { role_id: roles.student!.id } }),
        t.request({ method: 'PUT', url: `/api/account/members/${a.userId}`, as: b, payload: { role_id: roles.student!.id } }),
      ]);
      const codes = [first.statusCode, second.statusCode];
      // One demotion wins; the other is refused, either as the last owner or because its caller was just demoted.
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409 || c === 403)).toHaveLength(1);
      const managers = await t.kernel.inAccount(site.id, ({ db }) =>
        db
          .selectFrom('members as m')
          .innerJoin('roles as r', (j) => j.onRef('r.account_id', '=', 'm.account_id').onRef('r.id', '=', 'm.role_id'))
          .select('m.user_id')
          .where('r.slug', '=', 'owner')
          .execute(),
      );
      expect(managers).toHaveLength(1);
    });
  });

  describe('who may call', () => {
    let site: TestAccount;
    let owner: TestMember;
    let student: TestMember;
    let instructor: TestMember;

    beforeAll(async () => {
      site = await t.createAccount({ slug: 'guards' });
      owner = await t.createMember(site, { role: 'owner' });
      student = await t.createMember(site, { role: 'student' });
      instructor = await t.createMember(site, { role: 'instructor' });
    });

    it('students and instructors get 403 and visitors 401 on every management route', async () => {
      const roles = await rolesOf(owner);
      const routes: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
        { method: 'GET', url: '/api/account/members' },
        { method: 'PUT', url: `/api/account/members/${owner.userId}`, payload: { role_id: roles.student!.id } },
        { method: 'DELETE', url: `/api/account/members/${owner.userId}` },
        { method: 'GET', url: '/api/account/roles' },
        { method: 'POST', url: '/api/account/roles', payload: { slug: 'sneaky', name: 'Sneaky', caps: ['manage_options'] } },
        { method: 'PUT', url: `/api/account/roles/${roles.student!.id}`, payload: { caps: ['manage_options', 'read'] } },
        { method: 'DELETE', url: `/api/account/roles/${roles.instructor!.id}` },
        { method: 'GET', url: '/api/account/capabilities' },
      ];
      for (const route of routes) {
        for (const caller of [student, instructor]) {
          const res = await t.request({ ...route, as: caller });
          expect(res.statusCode, `${route.method} ${route.url} as ${caller.role}`).toBe(403);
          expect(res.json().error).toBe('forbidden');
        }
        const anonymous = await t.request({ ...route, account: site });
        expect(anonymous.statusCode, `${route.method} ${route.url} signed out`).toBe(401);
        expect(anonymous.json().error).toBe('not_authenticated');
      }
      // Nothing changed.
      const after = await rolesOf(owner);
      expect(Object.keys(after).sort()).toEqual(['instructor', 'owner', 'student']);
      expect(after.student!.caps).toEqual(['read']);
      expect(after.owner!.member_count).toBe(1);
    });
  });

  describe('tenant isolation', () => {
    let a: TestAccount;
    let b: TestAccount;
    let ownerA: TestMember;
    let ownerB: TestMember;
    let studentB: TestMember;

    beforeAll(async () => {
      a = await t.createAccount({ slug: 'tenant-a' });
      b = await t.createAccount({ slug: 'tenant-b' });
      ownerA = await t.createMember(a, { role: 'owner' });
      ownerB = await t.createMember(b, { role: 'owner' });
      studentB = await t.createMember(b, { role: 'student' });
    });

    it("an owner of A sees only A's members", async () => {
      const res = await t.request({ url: '/api/account/members', as: ownerA });
      expect((res.json() as ListBody).members.map((m) => m.user_id)).toEqual([ownerA.userId]);
      expect(res.json().total).toBe(1);
    });

    it("B's members and roles are not found from A's site", async () => {
      const rolesB = await rolesOf(ownerB);
      const rolesA = await rolesOf(ownerA);
      const change = await t.request({ method: 'PUT', url: `/api/account/members/${studentB.userId}`, as: ownerA, payload: { role_id: rolesA.owner!.id } });
      expect(change.statusCode).toBe(404);
      const remove = await t.request({ method: 'DELETE', url: `/api/account/members/${ownerB.userId}`, as: ownerA });
      expect(remove.statusCode).toBe(404);
      // A's member cannot be given one of B's roles either.
      const foreignRole = await t.request({
        method: 'PUT',
        url: `/api/account/members/${ownerA.userId}`,
        as: ownerA,
        payload: { role_id: rolesB.student!.id },
      });
      expect(foreignRole.statusCode).toBe(404);
      const editRole = await t.request({ method: 'PUT', url: `/api/account/roles/${rolesB.student!.id}`, as: ownerA, payload: { caps: ['manage_options'] } });
      expect(editRole.statusCode).toBe(404);
      const deleteRole = await t.request({ method: 'DELETE', url: `/api/account/roles/${rolesB.instructor!.id}`, as: ownerA });
      expect(deleteRole.statusCode).toBe(404);

      const after = await rolesOf(ownerB);
      expect(after.student!.caps).toEqual(['read']);
      expect(after.instructor).toBeDefined();
      const members = await t.request({ url: '/api/account/members', as: ownerB });
      expect(members.json().total).toBe(2);
    });

    it("A's owner token is refused on B's site", async () => {
      for (const route of [
        { method: 'GET' as const, url: '/api/account/members' },
        { method: 'DELETE' as const, url: `/api/account/members/${studentB.userId}` },
        { method: 'GET' as const, url: '/api/account/roles' },
      ]) {
        const res = await t.request({ ...route, as: ownerA, account: b });
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('invalid_token');
      }
      expect((await t.request({ url: '/api/account/members', as: ownerB })).json().total).toBe(2);
    });
  });
});
