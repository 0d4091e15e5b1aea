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
interface OutboxItem {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  type: string | null;
}

describe('inviting members by email', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    site = await t.createAccount({ name: 'Birch Institute' });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (payload: unknown, as: TestMember = owner) => t.request({ method: 'POST', url: '/api/account/members/invite', as, payload });
  const outboxTo = async (address: string) => {
    const res = await t.request({ url: '/api/emails/outbox?limit=200', as: owner });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: OutboxItem[] }).items.filter((m) => m.to === address);
  };
  const roleId = async (slug: string) => {
    const res = await t.request({ url: '/api/account/roles', as: owner });
    return (res.json() as { roles: Array<{ id: string; slug: string }> }).roles.find((r) => r.slug === slug)?.id as string;
  };

  it('creates the user and the membership, and mails a sign-in link to the site', async () => {
    const res = await invite({ email: 'New.Person@Example.test', role: 'instructor', name: 'Nora New' });
    expect(res.statusCode, res.body).toBe(201);
    const member = res.json() as MemberBody;
    expect(member).toMatchObject({ name: 'Nora New', email: 'new.person@example.test', slug: 'nora-new', avatar: null, role: { slug: 'instructor' } });

    // The member shows up in the members list exactly as the invitation returned them.
    const list = await t.request({ url: '/api/account/members?search=nora', as: owner });
    expect((list.json() as { members: MemberBody[] }).members).toEqual([member]);

    const mails = await outboxTo('new.person@example.test');
    expect(mails).toHaveLength(1);
    const mail = mails[0] as OutboxItem;
    expect(mail.subject).toBe("You're invited to Birch Institute");
    expect(mail.type).toBe('member_invite');
    const link = `http://${site.host}/login?email=new.person%40example.test`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);

    // The invitee is a real member: their role's capabilities apply on this site.
    const token = await t.kernel.tokens.sign({ sub: member.user_id, email: 'new.person@example.test', role: 'authenticated', account_id: site.id });
    const asInvitee = { userId: member.user_id, email: 'new.person@example.test', accountId: site.id, role: 'instructor', token };
    const caps = await t.request({ url: '/api/account/members', as: asInvitee });
    expect(caps.statusCode).toBe(403); // instructors do not manage members
  });

  it('adds an existing user of another site without creating a second user', async () => {
    const elsewhere = await t.createAccount();
    const known = await t.createMember(elsewhere, { role: 'owner', email: 'known@example.test', name: 'Kim Known' });
    const res = await invite({ email: 'KNOWN@example.test', role_id: await roleId('student') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ user_id: known.userId, name: 'Kim Known', email: 'known@example.test', role: { slug: 'student' } });
    expect(await outboxTo('known@example.test')).toHaveLength(1);
    // Their other membership is untouched.
    const theirs = await t.request({ url: '/api/account/members', as: known });
    expect((theirs.json() as { members: MemberBody[] }).members.map((m) => m.role.slug)).toEqual(['owner']);
  });

  it('refuses to invite someone who is already a member, with no second mail', async () => {
    const first = await invite({ email: 'twice@example.test', role: 'student' });
    expect(first.statusCode).toBe(201);
    const again = await invite({ email: 'Twice@Example.test', role: 'instructor' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_member');
    expect(await outboxTo('twice@example.test')).toHaveLength(1);
    const existing = await invite({ email: student.email, role: 'student' });
    expect(existing.json().error).toBe('already_member');
  });

  it('refuses unknown roles and malformed requests', async () => {
    const unknownRole = await invite({ email: 'r1@example.test', role: 'wizard' });
    expect(unknownRole.statusCode).toBe(404);
    expect(unknownRole.json().error).toBe('not_found');
    const otherAccountsRole = await invite({ email: 'r2@example.test', role_id: '00000000-0000-4000-8000-000000000000' });
    expect(otherAccountsRole.statusCode).toBe(404);
    for (const payload of [
      { email: 'not-an-email', role: 'student' },
      { role: 'student' },
      { email: 'r3@example.test' },
      { email: 'r3@example.test', role: 'student', role_id: '00000000-0000-4000-8000-000000000000' },
      { email: 'r3@example.test', role: 'student', admin: true },
      { email: 'r3@example.test', role: 'student', name: '   ' },
    ]) {
      const res = await invite(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    // Nothing was left behind by the refused invitations.
    const list = await t.request({ url: '/api/account/members?search=r1%40', as: owner });
    expect((list.json() as { total: number }).total).toBe(0);
    expect(await outboxTo('r1@example.test')).toHaveLength(0);
  });

  it('is for managers only', async () => {
    const res = await invite({ email: 'sneaky@example.test', role: 'owner' }, student);
    expect(res.statusCode).toBe(403);
    expect(await outboxTo('sneaky@example.test')).toHaveLength(0);
  });
});
