import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { notify } from '../notifications/helpers.js';

interface Card {
  key: string;
  value: number;
  delta_30d?: number;
  limit?: number;
}
interface Summary {
  cards: Card[];
  series: { members_daily?: Array<{ date: string; value: number }> };
}

const MB = 1024 * 1024;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('dashboard home summary', () => {
  let t: TestKernel;
  let a: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount({ plan: 'starter' });
    other = await t.createAccount({ plan: 'starter' });
    owner = await t.createMember(a, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
    await t.createMember(a, { role: 'student' });
    await t.createMember(a, { role: 'instructor' });
    // Noise in another account that must not be counted.
    await t.createMember(other, { role: 'owner' });
    await t.createMember(other, { role: 'student' });
    await t.kernel.mail.send({ accountId: other.id, to: 'x@example.test', subject: 'Other', text: 'other' });

    // One member joined 40 days ago: counted in the total, not in the last 30 days.
    const old = await t.createMember(a, { role: 'student' });
    await t.kernel.withSystem('test: backdate a member', (db) =>
      db
        .updateTable('members')
        .set({ created_at: sql`now() - interval '40 days'` })
        .where('account_id', '=', a.id)
        .where('user_id', '=', old.userId)
        .execute(),
    );
    // And one 3 days ago: in the series three days back.
    const recent = await t.createMember(a, { role: 'student' });
    await t.kernel.withSystem('test: backdate a member', (db) =>
      db
        .updateTable('members')
        .set({ created_at: sql`now() - interval '3 days'` })
        .where('account_id', '=', a.id)
        .where('user_id', '=', recent.userId)
        .execute(),
    );

    for (const n of [1, 2]) await t.kernel.mail.send({ accountId: a.id, to: `p${n}@example.test`, subject: `Hello ${n}`, text: 'hi' });
    // Sign-in mail is not counted against the plan, so not on the card either.
    await t.kernel.mail.send({ accountId: a.id, to: 'p@example.test', subject: 'Your code', text: '123456', type: 'auth' });

    await t.kernel.inAccount(a.id, async ({ db }) => {
      await db.insertInto('storage_buckets').values({ account_id: a.id, id: 'media', name: 'media' }).execute();
      await db
        .insertInto('storage_objects')
        .values([
          { account_id: a.id, bucket_id: 'media', name: 'a.png', size: 2 * MB, mimetype: 'image/png', etag: 'a' },
          { account_id: a.id, bucket_id: 'media', name: 'b.pdf', size: MB / 2, mimetype: 'application/pdf', etag: 'b' },
        ])
        .execute();
      for (const severity of [1, 3])
        await t.kernel.notifications.createAccountNotification(db, { accountId: a.id, message: `<p>Alert ${severity}</p>`, severity });
    });

    await notify(t, a, { userId: student.userId, component: 'lms', title: 'Lesson', message: 'open' });
    await notify(t, a, { userId: student.userId, component: 'lms', title: 'Lesson 2', message: 'open' });
    await notify(t, a, { userId: student.userId, component: 'chat', type: 'chat', title: 'Bob', message: 'hi' });
    await notify(t, a, { userId: owner.userId, component: 'lms', title: 'For the owner', message: 'x' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const summary = async (as: TestMember) => {
    const res = await t.request({ url: '/api/account/summary', as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Summary;
  };
  const card = (s: Summary, key: string) => s.cards.find((c) => c.key === key);

  it('gives managers the account-wide cards with the plan limits', async () => {
    const s = await summary(owner);
    expect(s.cards.map((c) => c.key)).toEqual(['members', 'emails_month', 'storage_mb', 'unread_alerts']);
    // owner + 2 students + instructor + the two backdated members
    expect(card(s, 'members')).toEqual({ key: 'members', value: 6, delta_30d: 5 });
    expect(card(s, 'emails_month')).toEqual({ key: 'emails_month', value: 2, limit: 10000 });
    expect(card(s, 'storage_mb')).toEqual({ key: 'storage_mb', value: 2.5, limit: 1024 });
    expect(card(s, 'unread_alerts')).toEqual({ key: 'unread_alerts', value: 2 });
  });

  it('charts members joined per day over the last 30 days, zeros filled in', async () => {
    const series = (await summary(owner)).series.members_daily ?? [];
    expect(series).toHaveLength(30);
    expect(series[0]?.date).toBe(day(-29));
    expect(series.at(-1)).toEqual({ date: day(0), value: 4 });
    expect(series.find((p) => p.date === day(-3))?.value).toBe(1);
    expect(series.reduce((sum, p) => sum + p.value, 0)).toBe(5);
  });

  it('updates the alerts card once an alert is read', async () => {
    const list = await t.request({ url: '/api/account/notifications', as: owner });
    const first = (list.json() as { notifications: Array<{ id: string }> }).notifications[0];
    expect((await t.request({ method: 'PUT', url: `/api/account/notifications/${first?.id}/read`, as: owner })).statusCode).toBe(200);
    expect(card(await summary(owner), 'unread_alerts')?.value).toBe(1);
  });

  it('gives other members their own cards only, and no account figures', async () => {
    const s = await summary(student);
    expect(s.cards).toEqual([
      { key: 'unread_notifications', value: 2 },
      { key: 'unread_chats', value: 1 },
      { key: 'notifications_30d', value: 3 },
    ]);
    expect(s.series).toEqual({});
  });

  it('refuses visitors without a session', async () => {
    const res = await t.request({ url: '/api/account/summary', account: a });
    expect(res.statusCode).toBe(401);
  });
});
