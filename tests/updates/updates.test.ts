import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Update {
  id: string;
  title: string;
  body: string;
  severity: number;
  published_at: string;
  created_by: string | null;
}
interface Unread {
  status: boolean;
  notifications: Array<{ id: string; updates: { title: string; body: string; severity: number; published_at: string } }>;
}

describe('platform updates', () => {
  let t: TestKernel;
  let platform: TestAccount;
  let root: TestMember;
  let a: TestAccount;
  let b: TestAccount;
  let ownerA: TestMember;
  let editorA: TestMember;
  let studentA: TestMember;
  let ownerB: TestMember;
  let release: Update;

  beforeAll(async () => {
    t = await createTestKernel();
    ({ account: platform, superAdmin: root } = await t.platform({ role: 'owner' }));
    a = await t.createAccount();
    b = await t.createAccount();
    ownerA = await t.createMember(a, { role: 'owner' });
    studentA = await t.createMember(a, { role: 'student' });
    ownerB = await t.createMember(b, { role: 'owner' });
    // A role with `admin` (SPEC §6: fetches site updates) but not manage_options.
    const role = await t.request({
      method: 'POST',
      url: '/api/account/roles',
      as: ownerA,
      payload: { slug: 'editor', name: 'Editor', caps: ['admin', 'read'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    editorA = await t.createMember(a, { role: 'editor' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const publish = (payload: unknown, as: TestMember = root) => t.request({ method: 'POST', url: '/api/platform/updates', as, payload });
  const unread = async (as: TestMember, account: TestAccount) => {
    const res = await t.request({ method: 'POST', url: '/api/account/getUpdates', as, payload: { account_id: account.id } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Unread;
  };
  const markRead = (id: string, as: TestMember) => t.request({ method: 'PUT', url: `/api/account/updates/${id}/read`, as });

  it('a super-admin publishes an update; the HTML is sanitised and severity defaults to 1', async () => {
    const res = await publish({
      title: 'New editor',
      body: '<p onclick="x()">Try the <a href="https://lectern.test/blog">new editor</a><script>alert(1)</script></p>',
    });
    expect(res.statusCode, res.body).toBe(201);
    release = res.json() as Update;
    expect(release).toMatchObject({ title: 'New editor', severity: 1, created_by: root.userId });
    expect(release.body).toBe('<p>Try the <a href="https://lectern.test/blog">new editor</a></p>');
  });

  it('refuses bad updates', async () => {
    for (const payload of [
      { title: 'x', body: 'y', severity: 6 },
      { title: 'x', body: 'y', severity: 0 },
      { title: '', body: 'y' },
      { title: 'x'.repeat(201), body: 'y' },
      { title: 'x' },
      { title: 'x', body: '<script>alert(1)</script>' },
    ]) {
      const res = await publish(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });

  it('only platform super-admins publish, list or withdraw updates', async () => {
    expect((await publish({ title: 'x', body: 'y' }, ownerA)).statusCode).toBe(403);
    const platformOwner = await t.createMember(platform, { role: 'owner' });
    expect((await publish({ title: 'x', body: 'y' }, platformOwner)).statusCode).toBe(403);
    expect((await t.request({ url: '/api/platform/updates', as: platformOwner })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/platform/updates/${release.id}`, as: ownerA })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/platform/updates', account: platform, payload: { title: 'x', body: 'y' } })).statusCode).toBe(401);
    expect(((await t.request({ url: '/api/platform/updates', as: root })).json() as { total: number }).total).toBe(1);
  });

  it('owners and admin-cap members see unread updates via getUpdates; students get 403', async () => {
    const second = (await publish({ title: 'Maintenance Sunday', body: '<b>2h</b> downtime', severity: 4 })).json() as Update;
    for (const reader of [ownerA, editorA]) {
      const seen = await unread(reader, a);
      expect(seen.status).toBe(true);
      expect(seen.notifications.map((n) => n.id)).toEqual([second.id, release.id]);
      expect(seen.notifications[0]?.updates).toMatchObject({ title: 'Maintenance Sunday', body: '<b>2h</b> downtime', severity: 4 });
    }
    const student = await t.request({ method: 'POST', url: '/api/account/getUpdates', as: studentA, payload: { account_id: a.id } });
    expect(student.statusCode).toBe(403);
    expect((await markRead(release.id, studentA)).statusCode).toBe(403);
  });

  it("getUpdates refuses another account's id (403) and a malformed one (400)", async () => {
    const other = await t.request({ method: 'POST', url: '/api/account/getUpdates', as: ownerA, payload: { account_id: b.id } });
    expect(other.statusCode).toBe(403);
    const bad = await t.request({ method: 'POST', url: '/api/account/getUpdates', as: ownerA, payload: { account_id: 'nope' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
  });

  it('marking read removes it for the whole account only; other tenants keep their own state', async () => {
    const res = await markRead(release.id, editorA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    expect((await markRead(release.id, ownerA)).statusCode).toBe(200);

    expect((await unread(ownerA, a)).notifications.map((n) => n.id)).not.toContain(release.id);
    expect((await unread(editorA, a)).notifications.map((n) => n.id)).not.toContain(release.id);
    expect((await unread(ownerB, b)).notifications.map((n) => n.id)).toContain(release.id);
    expect((await markRead(randomUUID(), ownerA)).statusCode).toBe(404);
  });

  it('super-admins page through updates and withdraw one, which leaves every account’s list', async () => {
    const page = await t.request({ url: '/api/platform/updates?limit=1&offset=1', as: root });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 2, updates: [{ id: release.id }] });

    const newest = (await unread(ownerB, b)).notifications[0]!;
    const del = await t.request({ method: 'DELETE', url: `/api/platform/updates/${newest.id}`, as: root });
    expect(del.statusCode, del.body).toBe(200);
    expect((await unread(ownerB, b)).notifications.map((n) => n.id)).toEqual([release.id]);
    expect((await unread(ownerA, a)).notifications).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/platform/updates/${newest.id}`, as: root })).statusCode).toBe(404);
  });

  it('getUpdates returns at most 50, newest first', async () => {
    await t.kernel.withSystem('test: many updates', (db) =>
      db
        .insertInto('platform_updates')
        .values(Array.from({ length: 55 }, (_, i) => ({ title: `Bulk ${i}`, body: 'x', published_at: new Date(Date.now() + i * 1000) })))
        .execute(),
    );
    const seen = await unread(ownerA, a);
    expect(seen.notifications).toHaveLength(50);
    expect(seen.notifications[0]?.updates.title).toBe('Bulk 54');
    expect(seen.notifications[49]?.updates.title).toBe('Bulk 5');
  });

  it('request transactions cannot write the global list directly', async () => {
    await expect(t.kernel.inAccount(a.id, ({ db }) => db.insertInto('platform_updates').values({ title: 'sneaky', body: 'x' }).execute())).rejects.toThrow(
      /permission denied/,
    );
  });
});
