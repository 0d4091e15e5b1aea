import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KERNEL_CAPABILITIES } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

describe('member lookups: /api/account/me, isSiteOwner, getUserEmailById', () => {
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let student: TestMember;
  let otherOwner: TestMember;

  beforeAll(async () => {
    // SUPERADMIN_EMAILS is root@platform.test in the test harness.
    t = await createTestKernel();
    site = await t.createAccount({ slug: 'lookups' });
    other = await t.createAccount({ slug: 'lookups-other' });
    owner = await t.createMember(site, { role: 'owner', name: 'Olive Owner', email: 'Olive@Lookups.test' });
    instructor = await t.createMember(site, { role: 'instructor', name: 'Ina Instructor' });
    student = await t.createMember(site, { role: 'student', name: 'Stu Student' });
    otherOwner = await t.createMember(other, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/account/me', () => {
    it('describes an owner', async () => {
      const res = await t.request({ url: '/api/account/me', as: owner });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        user_id: owner.userId,
        account_id: site.id,
        role: { slug: 'owner', name: 'Owner' },
        is_site_owner: true,
        is_super_admin: false,
      });
      expect(body.caps).toEqual(expect.arrayContaining(['manage_options', 'admin', 'read']));
    });

    it('describes a student and an instructor', async () => {
      expect((await t.request({ url: '/api/account/me', as: student })).json()).toEqual({
        user_id: student.userId,
        account_id: site.id,
        role: { slug: 'student', name: 'Student' },
        caps: ['read'],
        is_site_owner: false,
        is_super_admin: false,
      });
      const body = (await t.request({ url: '/api/account/me', as: instructor })).json();
      expect(body).toMatchObject({ role: { slug: 'instructor' }, is_site_owner: false });
      expect(body.caps).toContain('create_courses');
    });

    it('needs a session, and a membership of this site', async () => {
      const res = await t.request({ url: '/api/account/me', account: site });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('not_authenticated');
      // A token for another site is refused outright.
      expect((await t.request({ url: '/api/account/me', as: otherOwner, account: site })).statusCode).toBe(401);
    });

    it('flags super-admins: every capability on the platform site, a plain member elsewhere', async () => {
      const platform = await t.kernel.admin.createAccount({ slug: 'platform', name: 'Platform', isPlatform: true });
      const { id: userId } = await t.kernel.admin.createUser({ email: 'root@platform.test' });
      await t.kernel.admin.addMember(site.id, userId, 'student');
      const onTenant = {
        userId,
        email: 'root@platform.test',
        accountId: site.id,
        role: 'student',
        token: await t.kernel.tokens.sign({ sub: userId, email: 'root@platform.test', role: 'authenticated', account_id: site.id }),
      };
      const onPlatform = {
        ...onTenant,
        accountId: platform.id,
        token: await t.kernel.tokens.sign({ sub: userId, email: 'root@platform.test', role: 'authenticated', account_id: platform.id }),
      };

      const tenant = await t.request({ url: '/api/account/me', as: onTenant });
      expect(tenant.json()).toMatchObject({ role: { slug: 'student' }, caps: ['read'], is_site_owner: false, is_super_admin: true });

      const home = await t.request({ url: '/api/account/me', as: onPlatform });
      expect(home.statusCode, home.body).toBe(200);
      const body = home.json();
      expect(body).toMatchObject({ user_id: userId, account_id: platform.id, role: null, is_site_owner: true, is_super_admin: true });
      expect(body.caps).toEqual(expect.arrayContaining(Object.keys(KERNEL_CAPABILITIES)));
    });
  });

  describe('POST /api/users/getUserEmailById', () => {
    const lookup = (payload: object, as: TestMember = student) => t.request({ method: 'POST', url: '/api/users/getUserEmailById', as, account: site, payload });

    it("gives a member's email and name to any signed-in member", async () => {
      const res = await lookup({ user_id: owner.userId, account_id: site.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: true, user: { id: owner.userId, email: 'olive@lookups.test', name: 'Olive Owner' } });
    });

    it('answers status false with an empty email for someone who is not a member here', async () => {
      const nobody = randomUUID();
      expect((await lookup({ user_id: nobody, account_id: site.id })).json()).toEqual({ status: false, user: { id: nobody, email: '', name: '' } });
      // A member of another account is not found on this site.
      expect((await lookup({ user_id: otherOwner.userId, account_id: site.id })).json()).toEqual({
        status: false,
        user: { id: otherOwner.userId, email: '', name: '' },
      });
    });

    it('refuses visitors, another account id and malformed ids', async () => {
      const visitor = await t.request({
        method: 'POST',
        url: '/api/users/getUserEmailById',
        account: site,
        payload: { user_id: owner.userId, account_id: site.id },
      });
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toBe('not_authenticated');
      const mismatch = await lookup({ user_id: owner.userId, account_id: other.id });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().error).toBe('account_mismatch');
      for (const payload of [{ user_id: 'abc', account_id: site.id }, { user_id: owner.userId, account_id: 'site' }, { user_id: owner.userId }]) {
        const res = await lookup(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toBe('validation_failed');
      }
    });
  });

  describe('POST /api/account/isSiteOwner', () => {
    const ask = (payload: object, account: TestAccount = site) => t.request({ method: 'POST', url: '/api/account/isSiteOwner', account, payload });

    it('is true for the email of a member who manages this site, whatever its case', async () => {
      expect((await ask({ account_id: site.id, email: 'olive@lookups.test' })).json()).toEqual({ status: true });
      expect((await ask({ account_id: site.id, email: 'OLIVE@LOOKUPS.TEST' })).json()).toEqual({ status: true });
    });

    it('is false for other members, strangers and owners of other sites', async () => {
      expect((await ask({ account_id: site.id, email: student.email })).json()).toEqual({ status: false });
      expect((await ask({ account_id: site.id, email: instructor.email })).json()).toEqual({ status: false });
      expect((await ask({ account_id: site.id, email: 'nobody@example.test' })).json()).toEqual({ status: false });
      expect((await ask({ account_id: site.id, email: otherOwner.email })).json()).toEqual({ status: false });
      expect((await ask({ account_id: other.id, email: otherOwner.email }, other)).json()).toEqual({ status: true });
    });

    it('refuses an account id that is not this site’s, and malformed input', async () => {
      const mismatch = await ask({ account_id: other.id, email: 'olive@lookups.test' });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json()).toMatchObject({ error: 'account_mismatch', statusCode: 400 });
      for (const payload of [{ account_id: 'x', email: 'olive@lookups.test' }, { account_id: site.id, email: 'not an email' }, { account_id: site.id }]) {
        const res = await ask(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error).toBe('validation_failed');
      }
    });

    it('is rate-limited (30 a minute)', async () => {
      let limited = 0;
      for (let i = 0; i < 32; i++) {
        const res = await ask({ account_id: site.id, email: 'probe@example.test' });
        if (res.statusCode === 429) {
          limited++;
          expect(res.json()).toMatchObject({ error: 'rate_limited', statusCode: 429 });
        }
      }
      expect(limited).toBeGreaterThan(0);
    });
  });
});
