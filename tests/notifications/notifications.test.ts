import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { notify } from './helpers.js';

interface NotificationBody {
  id: string;
  user_id: string;
  component: string;
  type: 'chat' | 'other';
  title: string;
  message: string;
  data: Record<string, string>;
  item_id: string | null;
  read: boolean;
  created_at: string;
}
interface ListBody {
  notifications: NotificationBody[];
  total: number;
}

describe('member notifications', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let alice: TestMember;
  let bob: TestMember;
  let ownerA: TestMember;
  let ownerB: TestMember;
  const created: Array<{ type: 'events'; payload: unknown }> = [];

  beforeAll(async () => {
    t = await createTestKernel();
    t.kernel.hooks.addAction('notifications.created', (payload) => void created.push({ type: 'events', payload }));
    a = await t.createAccount();
    b = await t.createAccount();
    ownerA = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    alice = await t.createMember(a, { role: 'student' });
    bob = await t.createMember(a, { role: 'student' });
    // Alice: three lms notifications, two chat messages and one from the forum, created in order.
    for (const n of [1, 2, 3]) {
      await notify(t, a, {
        userId: alice.userId,
        component: 'lms',
        title: `Lesson ${n}`,
        message: `Lesson ${n} is open`,
        itemId: `lesson-${n}`,
        data: { actor: 'Teacher', action: 'opened', object: `lesson ${n}` },
      });
    }
    await notify(t, a, { userId: alice.userId, component: 'chat', type: 'chat', title: 'Bob', message: 'hi' });
    await notify(t, a, { userId: alice.userId, component: 'chat', type: 'chat', title: 'Bob', message: 'there?' });
    await notify(t, a, {
      userId: alice.userId,
      component: 'forum',
      title: 'Reply',
      message: 'Someone replied',
      data: { actor: 'Carol', action: 'replied', object: 'thread', content: 'Agreed!' },
    });
    await notify(t, a, { userId: bob.userId, component: 'lms', title: "Bob's own", message: 'for bob' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (as: TestMember, query = '') => {
    const res = await t.request({ url: `/api/notifications${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ListBody;
  };

  it('fires notifications.created after each insert commits, with the SPEC fields stored', async () => {
    expect(created).toHaveLength(7);
    expect(created[3]?.payload).toMatchObject({ accountId: a.id, userId: alice.userId, type: 'chat' });
    const forum = (await list(alice, '?component=forum')).notifications[0];
    expect(forum).toMatchObject({
      user_id: alice.userId,
      component: 'forum',
      type: 'other',
      title: 'Reply',
      message: 'Someone replied',
      data: { actor: 'Carol', action: 'replied', object: 'thread', content: 'Agreed!' },
      item_id: null,
      read: false,
    });
    expect(new Date(forum!.created_at).getTime()).toBeGreaterThan(0);
  });

  it('lists only the caller’s own notifications, newest first, with filters, order and pages', async () => {
    const all = await list(alice);
    expect(all.total).toBe(6);
    expect(all.notifications.map((n) => n.title)).toEqual(['Reply', 'Bob', 'Bob', 'Lesson 3', 'Lesson 2', 'Lesson 1']);
    expect(all.notifications.every((n) => n.user_id === alice.userId)).toBe(true);

    expect((await list(alice, '?component=lms&order=asc')).notifications.map((n) => n.title)).toEqual(['Lesson 1', 'Lesson 2', 'Lesson 3']);
    const page = await list(alice, '?component=lms&order=asc&limit=2&offset=1');
    expect(page).toMatchObject({ total: 3 });
    expect(page.notifications.map((n) => n.title)).toEqual(['Lesson 2', 'Lesson 3']);
    expect((await list(alice, '?type=chat')).total).toBe(2);
    expect((await list(alice, '?type=other')).total).toBe(4);
    expect((await list(alice, '?item_id=lesson-2')).notifications.map((n) => n.title)).toEqual(['Lesson 2']);

    const bobs = await list(bob);
    expect(bobs.total).toBe(1);
    expect(bobs.notifications[0]?.title).toBe("Bob's own");
  });

  it('refuses bad filters and page sizes', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?type=mail', '?order=up', '?read=maybe', '?unknown=1']) {
      const res = await t.request({ url: `/api/notifications${query}`, as: alice });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });

  it('needs a signed-in member', async () => {
    expect((await t.request({ url: '/api/notifications', account: a })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/notifications/unread-count', account: a })).statusCode).toBe(401);
  });

  it('counts unread for the badge without chat, marks one read, then chat ones read from the dropdown', async () => {
    const count = async () => (await t.request({ url: '/api/notifications/unread-count', as: alice })).json().count as number;
    expect(await count()).toBe(4); // 3 lms + 1 forum; the 2 chat messages are not counted

    const lesson1 = (await list(alice, '?item_id=lesson-1')).notifications[0]!;
    const read = await t.request({ method: 'PUT', url: `/api/notifications/${lesson1.id}/read`, as: alice });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: lesson1.id, read: true });
    expect(await count()).toBe(3);
    // Also accepts an explicit empty JSON body.
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${lesson1.id}/read`, as: alice, payload: {} })).statusCode).toBe(200);
    expect((await list(alice, '?read=true')).notifications.map((n) => n.id)).toEqual([lesson1.id]);
    expect((await list(alice, '?read=false')).total).toBe(5);

    // Opening the chat dropdown: chat ones read, the bell's unread ones untouched.
    const chat = await t.request({ method: 'POST', url: '/api/notifications/read-all', as: alice, payload: { type: 'chat' } });
    expect(chat.json()).toEqual({ updated: 2 });
    expect((await list(alice, '?type=chat&read=false')).total).toBe(0);
    expect(await count()).toBe(3);

    // No body at all: every type.
    const rest = await t.request({ method: 'POST', url: '/api/notifications/read-all', as: alice });
    expect(rest.json()).toEqual({ updated: 3 });
    expect(await count()).toBe(0);
    // Bob's stay unread.
    expect((await t.request({ url: '/api/notifications/unread-count', as: bob })).json()).toEqual({ count: 1 });
  });

  it("never lets a member read, mark or delete another member's notification", async () => {
    const bobsOwn = (await list(bob)).notifications[0]!;
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${bobsOwn.id}/read`, as: alice })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/notifications/${bobsOwn.id}`, as: alice })).statusCode).toBe(404);
    // Not even the account owner sees them through the member API.
    expect((await list(ownerA)).total).toBe(0);
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${bobsOwn.id}/read`, as: ownerA })).statusCode).toBe(404);
    // Nor anyone from another account.
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${bobsOwn.id}/read`, as: ownerB })).statusCode).toBe(404);
    expect((await list(bob)).notifications[0]).toMatchObject({ id: bobsOwn.id, read: false });
  });

  it('deletes one of the caller’s own', async () => {
    const mine = await notify(t, a, { userId: bob.userId, component: 'lms', title: 'to delete' });
    const res = await t.request({ method: 'DELETE', url: `/api/notifications/${mine.id}`, as: bob });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect((await t.request({ method: 'DELETE', url: `/api/notifications/${mine.id}`, as: bob })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/notifications/${randomUUID()}`, as: bob })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/api/notifications/not-a-uuid', as: bob })).statusCode).toBe(400);
  });

  it("keeps accounts apart: a token of account A does nothing on account B's site", async () => {
    const res = await t.request({ url: '/api/notifications', as: alice, account: b });
    expect(res.statusCode).toBe(401);
  });
});

describe('account notifications (alerts)', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let root: TestMember;
  let a: TestAccount;
  let b: TestAccount;
  let ownerA: TestMember;
  let ownerB: TestMember;
  let studentA: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    const { id } = await t.kernel.admin.createAccount({ slug: 'platform', name: 'Platform', plan: 'professional', features: {}, isPlatform: true });
    platform = { id, slug: 'platform', host: t.config.platformDomain, plan: 'professional' };
    root = await t.createMember(platform, { role: 'owner', email: 'root@platform.test' });
    a = await t.createAccount();
    b = await t.createAccount();
    ownerA = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    studentA = await t.createMember(a, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (payload: unknown, as: TestMember = root) => t.request({ method: 'POST', url: '/api/account/notifications', as, payload });
  const alerts = async (as: TestMember, query = '') => {
    const res = await t.request({ url: `/api/account/notifications${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { notifications: Array<{ id: string; message: string; severity: number; read: boolean }>; count: number };
  };

  it('super-admins post alerts to an account from the platform site; the HTML is sanitised', async () => {
    const res = await post({
      account_id: a.id,
      severity: 3,
      message:
        '<p onclick="steal()">Renew <a href="https://pay.example/x" onmouseover="x()">now</a><img src="x" onerror="alert(1)"><script>alert(document.cookie)</script><a href="javascript:alert(1)">bad</a></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const alert = res.json() as { message: string; severity: number; read: boolean };
    expect(alert).toMatchObject({ severity: 3, read: false });
    expect(alert.message).not.toMatch(/script|onerror|onclick|onmouseover|javascript:|alert\(/i);
    expect(alert.message).toContain('<a href="https://pay.example/x">now</a>');
    expect(alert.message).toContain('Renew');
  });

  it('refuses a severity outside 1–5, a message that is nothing but unsafe HTML, and unknown accounts', async () => {
    for (const severity of [0, 6, -1, 2.5]) {
      const res = await post({ account_id: a.id, severity, message: 'hello' });
      expect(res.statusCode, String(severity)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
    const empty = await post({ account_id: a.id, severity: 1, message: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect((await post({ account_id: randomUUID(), severity: 1, message: 'hi' })).statusCode).toBe(404);
  });

  it('the database refuses a severity outside 1–5 from the kernel too', async () => {
    await expect(
      t.kernel.inAccount(a.id, ({ db }) => db.insertInto('account_notifications').values({ account_id: a.id, message: 'x', severity: 9 }).execute()),
    ).rejects.toThrow(/check constraint/);
    await expect(
      t.kernel.inAccount(a.id, ({ db }) => t.kernel.notifications.createAccountNotification(db, { accountId: a.id, message: 'x', severity: 0 })),
    ).rejects.toThrow(/severity/);
  });

  it('only platform super-admins may post alerts', async () => {
    expect((await post({ account_id: a.id, severity: 1, message: 'hi' }, ownerA)).statusCode).toBe(403);
    expect((await post({ account_id: b.id, severity: 1, message: 'hi' }, ownerA)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/account/notifications', account: a, payload: { account_id: a.id, severity: 1, message: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('owners see unread alerts with the badge count, mark one read and it leaves the list', async () => {
    const kernelAlert = await t.kernel.inAccount(a.id, ({ db }) =>
      t.kernel.notifications.createAccountNotification(db, { accountId: a.id, message: '<b>Maintenance</b> tonight', severity: 2 }),
    );
    const before = await alerts(ownerA);
    expect(before.count).toBe(2);
    expect(before.notifications.map((n) => n.id)).toContain(kernelAlert.id);

    const read = await t.request({ method: 'PUT', url: `/api/account/notifications/${kernelAlert.id}/read`, as: ownerA });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: kernelAlert.id, read: true });

    const after = await alerts(ownerA);
    expect(after.count).toBe(1);
    expect(after.notifications.map((n) => n.id)).not.toContain(kernelAlert.id);
    // unread=false lists read ones too; the count stays the unread badge.
    const all = await alerts(ownerA, '?unread=false');
    expect(all.notifications).toHaveLength(2);
    expect(all.count).toBe(1);
  });

  it("account B's owner can neither read nor mark account A's alerts; students cannot see alerts", async () => {
    const target = (await alerts(ownerA)).notifications[0]!;
    expect((await alerts(ownerB)).notifications).toEqual([]);
    const res = await t.request({ method: 'PUT', url: `/api/account/notifications/${target.id}/read`, as: ownerB });
    expect(res.statusCode).toBe(404);
    // B's owner with A's host: the token belongs to B's site.
    expect((await t.request({ url: '/api/account/notifications', as: ownerB, account: a })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/account/notifications', as: studentA })).statusCode).toBe(403);
    expect((await alerts(ownerA)).notifications[0]).toMatchObject({ id: target.id, read: false });
  });
});
