import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import type { ReportWidget } from '../../core/src/dashboard-data/index.js';

interface Widget {
  id: string;
  title: string;
  kind: string;
  points?: Array<{ x: string; y: number }>;
  value?: number;
}
interface Reports {
  from: string;
  to: string;
  widgets: Widget[];
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const noScope = { accountId: null, features: new Set<string>() };

describe('reports', () => {
  let t: TestKernel;
  let a: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    // Registered the way a plugin does, through the 'reports.register' action.
    // Gated by a kernel add-on the owner switches on and off (single_session, on every plan).
    const gated: ReportWidget = {
      id: 'gated.total',
      title: 'reports.gatedTotal',
      capability: 'manage_options',
      feature: 'single_session',
      kind: 'number',
      query: () => ({ value: 42 }),
    };
    const labelled: ReportWidget = {
      id: 'test.labels',
      title: 'reports.labels',
      capability: 'read',
      kind: 'bar',
      query: (_db, _accountId, range) => ({
        points: [
          { x: 'Course, "intro"', y: 3 },
          { x: range.from, y: 1 },
        ],
      }),
    };
    await t.kernel.hooks.doAction('reports.register', gated, noScope);
    await t.kernel.hooks.doAction('reports.register', labelled, noScope);

    a = await t.createAccount({ plan: 'starter' });
    owner = await t.createMember(a, { role: 'owner' });
    instructor = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student' });
    const old = await t.createMember(a, { role: 'student' });
    await t.kernel.withSystem('test: backdate a member', (db) =>
      db
        .updateTable('members')
        .set({ created_at: sql`now() - interval '5 days'` })
        .where('account_id', '=', a.id)
        .where('user_id', '=', old.userId)
        .execute(),
    );
    for (const n of [1, 2, 3]) await t.kernel.mail.send({ accountId: a.id, to: `p${n}@example.test`, subject: `Hello ${n}`, text: 'hi' });
    await t.kernel.mail.send({ accountId: a.id, to: 'p@example.test', subject: 'Your code', text: '123456', type: 'auth' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const reports = async (as: TestMember, query = '') => {
    const res = await t.request({ url: `/api/account/reports${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Reports;
  };

  it('defaults to the last 30 days and returns the kernel widgets with daily points', async () => {
    const r = await reports(owner);
    expect(r.from).toBe(day(-29));
    expect(r.to).toBe(day(0));
    expect(r.widgets.map((w) => w.id)).toEqual(['members_joined', 'emails_sent', 'notifications', 'test.labels']);
    const members = r.widgets.find((w) => w.id === 'members_joined');
    expect(members).toMatchObject({ title: 'reports.membersJoined', kind: 'line' });
    expect(members?.points).toHaveLength(30);
    expect(members?.points?.at(-1)).toEqual({ x: day(0), y: 3 });
    expect(members?.points?.find((p) => p.x === day(-5))?.y).toBe(1);
    // Sign-in mail is left out.
    expect(r.widgets.find((w) => w.id === 'emails_sent')?.points?.at(-1)).toEqual({ x: day(0), y: 3 });
  });

  it('honours a given range', async () => {
    const r = await reports(owner, `?from=${day(-6)}&to=${day(-4)}`);
    const points = r.widgets.find((w) => w.id === 'members_joined')?.points;
    expect(points).toEqual([
      { x: day(-6), y: 0 },
      { x: day(-5), y: 1 },
      { x: day(-4), y: 0 },
    ]);
  });

  it('refuses ranges backwards, longer than 366 days, or not dates', async () => {
    const backwards = await t.request({ url: '/api/account/reports?from=2025-03-10&to=2025-03-01', as: owner });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ error: 'invalid_range' });
    const long = await t.request({ url: '/api/account/reports?from=2024-01-01&to=2025-01-01', as: owner });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: 'invalid_range' });
    // 2024 is a leap year: 366 days is the longest range allowed.
    expect((await t.request({ url: '/api/account/reports?from=2024-01-01&to=2024-12-31', as: owner })).statusCode).toBe(200);
    for (const bad of ['from=2025-02-30', 'from=yesterday', 'to=2025-1-1', 'extra=1']) {
      const res = await t.request({ url: `/api/account/reports?${bad}`, as: owner });
      expect(res.statusCode, bad).toBe(400);
    }
    const csv = await t.request({ url: '/api/account/reports/members_joined.csv?from=2025-03-10&to=2025-03-01', as: owner });
    expect(csv.statusCode).toBe(400);
  });

  it('skips a widget whose feature is off for the account, and shows it once switched on', async () => {
    expect((await reports(owner)).widgets.some((w) => w.id === 'gated.total')).toBe(false);
    expect((await t.request({ url: '/api/account/reports/gated.total.csv', as: owner })).statusCode).toBe(404);
    const on = await t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'single_session', enabled: true } });
    expect(on.statusCode, on.body).toBe(200);
    const gated = (await reports(owner)).widgets.find((w) => w.id === 'gated.total');
    expect(gated).toEqual({ id: 'gated.total', title: 'reports.gatedTotal', kind: 'number', value: 42 });
  });

  it('is for managers only', async () => {
    expect((await t.request({ url: '/api/account/reports', as: instructor })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/account/reports', as: student })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/account/reports/members_joined.csv', as: student })).statusCode).toBe(403);
  });

  it('exports a widget as CSV, one row per day', async () => {
    const res = await t.request({ url: `/api/account/reports/members_joined.csv?from=${day(-5)}&to=${day(0)}`, as: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="members_joined-${day(-5)}-${day(0)}.csv"`);
    expect(res.body.trim().split('\r\n')).toEqual([
      'date,value',
      `${day(-5)},1`,
      `${day(-4)},0`,
      `${day(-3)},0`,
      `${day(-2)},0`,
      `${day(-1)},0`,
      `${day(0)},3`,
    ]);
  });

  it('quotes CSV fields with commas and quotes, and gives number widgets one row', async () => {
    const labels = await t.request({ url: `/api/account/reports/test.labels.csv?from=${day(-1)}&to=${day(0)}`, as: owner });
    expect(labels.body.trim().split('\r\n')).toEqual(['date,value', '"Course, ""intro""",3', `${day(-1)},1`]);
    const gated = await t.request({ url: `/api/account/reports/gated.total.csv?to=${day(-2)}`, as: owner });
    expect(gated.body.trim().split('\r\n')).toEqual(['date,value', `${day(-2)},42`]);
  });

  it('answers 404 for an unknown widget', async () => {
    const res = await t.request({ url: '/api/account/reports/nope.csv', as: owner });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
  });

  it('refuses a second widget with the same id', async () => {
    const again: ReportWidget = { id: 'members_joined', title: 'x', capability: 'read', kind: 'number', query: () => ({ value: 1 }) };
    await expect(t.kernel.hooks.doAction('reports.register', again, noScope)).rejects.toThrow(/registered twice/);
  });
});
