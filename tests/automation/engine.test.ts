import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { automationFixture, eventually, raiseIn, type Performed } from './fixture-plugin.js';

interface Step {
  kind: 'condition' | 'action';
  position: number;
  key: string;
  status: string;
  attempts: number;
  output: Record<string, unknown> | null;
  error: string | null;
  due_at: string | null;
}
interface Run {
  id: string;
  automation_id: string;
  event_id: string;
  status: string;
  steps: Step[];
}

describe('automation engine', () => {
  const performed: Performed[] = [];
  let t: TestKernel;
  let site: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let otherOwner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [automationFixture(performed)] });
    site = await t.createAccount({ plan: 'professional', features: ['autotest'] });
    other = await t.createAccount({ plan: 'professional', features: ['autotest'] });
    owner = await t.createMember(site, { role: 'owner' });
    otherOwner = await t.createMember(other, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function create(as: TestMember, body: Record<string, unknown>): Promise<string> {
    const res = await t.request({ method: 'POST', url: '/api/automations', as, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }

  async function runsOf(as: TestMember, automationId: string): Promise<Run[]> {
    const res = await t.request({ url: `/api/automations/runs?automation_id=${automationId}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Run[] }).items;
  }

  /** The automation's runs once they all reached one of `statuses`. */
  const settled = (as: TestMember, automationId: string, count: number, statuses = ['completed', 'skipped', 'failed']) =>
    eventually(async () => {
      const runs = await runsOf(as, automationId);
      return runs.length === count && runs.every((run) => statuses.includes(run.status)) ? runs : undefined;
    }, `${count} settled run(s) of ${automationId}`);

  const eventCount = (accountId: string, word: string) =>
    t.kernel.inAccount(accountId, async ({ db }) => {
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM automation_events WHERE payload->>'word' = ${word}`.execute(db);
      return rows[0]?.n ?? 0;
    });

  it('an event raised in a transaction that rolls back is not recorded and runs nothing', async () => {
    const id = await create(owner, { name: 'Rollback', trigger_type: 'test_pinged', actions: [{ key: 'test_record', args: { label: 'rollback' } }] });
    await expect(raiseIn(t, site.id, { word: 'undone' }, { fail: true })).rejects.toThrow('the change failed');
    expect(await eventCount(site.id, 'undone')).toBe(0);
    // The same automation runs for a committed event: the rolled back one was simply never there.
    await raiseIn(t, site.id, { word: 'done' }, { userId: student.userId });
    const [run] = await settled(owner, id, 1);
    expect(run?.status).toBe('completed');
    expect(performed.filter((p) => p.label === 'rollback').map((p) => p.userId)).toEqual([student.userId]);
    await t.request({ method: 'DELETE', url: `/api/automations/${id}`, as: owner });
  });

  it('throws for a payload its trigger schema refuses, and for a trigger the plugin does not own', async () => {
    await expect(raiseIn(t, site.id, { word: '' })).rejects.toThrow('invalid payload');
    const ctx = t.kernel.plugins.context('autotest');
    await expect(
      t.kernel.inAccount(site.id, ({ db, account }) =>
        ctx.automation.raise({ db, accountId: site.id, features: account.features, afterCommit: () => undefined }, 'manual', { payload: {} }),
      ),
    ).rejects.toThrow('belongs to the kernel');
  });

  it('an event delivered twice runs once, and a step delivered twice acts once', async () => {
    const id = await create(owner, { name: 'Once', trigger_type: 'test_pinged', actions: [{ key: 'test_record', args: { label: 'once' } }] });
    await raiseIn(t, site.id, { word: 'twice' });
    const [run] = await settled(owner, id, 1);
    // Deliver the dispatch and the action's step again, as a redelivery would (new job ids).
    const again = [
      await t.kernel.jobs.enqueue(site.id, 'automation.dispatch', { eventId: run!.event_id }),
      await t.kernel.jobs.enqueue(site.id, 'automation.step', { runId: run!.id, position: 0 }),
    ];
    for (const jobId of again) {
      await eventually(async () => ((await t.kernel.jobs.find(jobId!))?.state === 'completed' ? true : undefined), 'the redelivered job');
    }
    expect(await runsOf(owner, id)).toHaveLength(1);
    expect(performed.filter((p) => p.label === 'once')).toHaveLength(1);
    await t.request({ method: 'DELETE', url: `/api/automations/${id}`, as: owner });
  });

  it('runs the actions only when every condition holds, and traces each condition and action', async () => {
    const holds = await create(owner, {
      name: 'Holds',
      trigger_type: 'test_pinged',
      conditions: [
        { key: 'test_word_is', args: { word: 'hello' } },
        { key: 'day_of_week', args: { days: [1, 2, 3, 4, 5, 6, 7] } },
      ],
      actions: [
        { key: 'test_record', args: { label: 'holds' } },
        { key: 'test_flaky', args: { label: 'flaky', failures: 1 } },
      ],
    });
    const fails = await create(owner, {
      name: 'Fails',
      trigger_type: 'test_pinged',
      conditions: [
        { key: 'test_word_is', args: { word: 'hello' } },
        { key: 'user_role', args: { roles: ['owner'] } },
      ],
      actions: [{ key: 'test_record', args: { label: 'fails' } }],
    });
    await raiseIn(t, site.id, { word: 'hello' }, { userId: student.userId });
    const [ran] = await settled(owner, holds, 1);
    const [skipped] = await settled(owner, fails, 1);
    expect(ran?.status).toBe('completed');
    expect(ran?.steps.map((s) => [s.kind, s.key, s.status, s.attempts])).toEqual([
      ['condition', 'test_word_is', 'passed', 1],
      ['condition', 'day_of_week', 'passed', 1],
      ['action', 'test_record', 'done', 1],
      // The first try failed, the retry did it: two attempts, once done.
      ['action', 'test_flaky', 'done', 2],
    ]);
    expect(ran?.steps[2]?.output).toEqual({ label: 'holds' });
    expect(skipped?.status).toBe('skipped');
    expect(skipped?.steps.map((s) => [s.kind, s.key, s.status])).toEqual([
      ['condition', 'test_word_is', 'passed'],
      ['condition', 'user_role', 'failed'],
    ]);
    expect(performed.filter((p) => p.label === 'fails')).toEqual([]);
    expect(performed.filter((p) => p.label === 'flaky')).toHaveLength(1);
    for (const id of [holds, fails]) await t.request({ method: 'DELETE', url: `/api/automations/${id}`, as: owner });
  });

  it('time_delay runs the actions after it later', async () => {
    const later = await create(owner, {
      name: 'Later',
      trigger_type: 'test_pinged',
      actions: [
        { key: 'test_record', args: { label: 'before-delay' } },
        { key: 'time_delay', args: { amount: 1, unit: 'hour' } },
        { key: 'test_record', args: { label: 'after-hour' } },
      ],
    });
    const soon = await create(owner, {
      name: 'Soon',
      trigger_type: 'test_pinged',
      actions: [
        { key: 'time_delay', args: { amount: 1, unit: 'second' } },
        { key: 'test_record', args: { label: 'after-second' } },
      ],
    });
    await raiseIn(t, site.id, { word: 'delay' });
    const [waiting] = await settled(owner, later, 1, ['waiting']);
    const [, delay, after] = waiting!.steps;
    expect(delay).toMatchObject({ key: 'time_delay', status: 'done' });
    expect(after).toMatchObject({ key: 'test_record', status: 'scheduled' });
    // Due an hour after the delay step ran (give or take the test's own run time).
    const until = Date.parse(String(delay?.output?.until));
    expect(Date.parse(String(after?.due_at))).toBe(until);
    expect(until - Date.now()).toBeGreaterThan(50 * 60 * 1000);
    const [done] = await settled(owner, soon, 1);
    expect(done?.steps.map((s) => s.status)).toEqual(['done', 'done']);
    expect(performed.filter((p) => p.label.startsWith('before') || p.label.startsWith('after')).map((p) => p.label)).toEqual(
      expect.arrayContaining(['before-delay', 'after-second']),
    );
    expect(performed.some((p) => p.label === 'after-hour')).toBe(false);
    for (const id of [later, soon]) await t.request({ method: 'DELETE', url: `/api/automations/${id}`, as: owner });
  });

  it('an off feature neither records its triggers nor runs its actions', async () => {
    const manual = await create(owner, { name: 'By hand', trigger_type: 'manual', actions: [{ key: 'test_record', args: { label: 'off' } }] });
    const off = await t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'autotest', enabled: false } });
    expect(off.statusCode, off.body).toBe(200);
    try {
      await raiseIn(t, site.id, { word: 'while-off' });
      expect(await eventCount(site.id, 'while-off')).toBe(0);
      const start = await t.request({ method: 'POST', url: `/api/automations/${manual}/run`, as: owner, payload: {} });
      expect(start.statusCode, start.body).toBe(202);
      const [run] = await settled(owner, manual, 1);
      expect(run?.steps.map((s) => [s.key, s.status, s.error])).toEqual([['test_record', 'skipped', 'the feature "autotest" is off']]);
      expect(performed.some((p) => p.label === 'off')).toBe(false);
      // Nor can an automation be set up with it meanwhile.
      const refused = await t.request({ method: 'POST', url: '/api/automations', as: owner, payload: { name: 'x', trigger_type: 'test_pinged' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_automation', details: [{ path: '/trigger_type' }] });
    } finally {
      await t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'autotest', enabled: true } });
      await t.request({ method: 'DELETE', url: `/api/automations/${manual}`, as: owner });
    }
  });

  it('refuses invalid automations with a code and the path of what is wrong', async () => {
    const post = (payload: unknown, as = owner) => t.request({ method: 'POST', url: '/api/automations', as, payload });
    const unknownAction = await post({ name: 'x', trigger_type: 'test_pinged', actions: [{ key: 'send_rockets', args: {} }] });
    expect(unknownAction.statusCode).toBe(400);
    expect(unknownAction.json()).toMatchObject({ error: 'invalid_automation', details: [{ path: '/actions/0/key' }] });
    const badArgs = await post({ name: 'x', trigger_type: 'test_pinged', conditions: [{ key: 'day_of_week', args: { days: [8] } }] });
    expect(badArgs.statusCode).toBe(400);
    expect(badArgs.json()).toMatchObject({ error: 'invalid_automation', details: [{ path: '/conditions/0/args/days/0' }] });
    const missing = await post({ name: 'x', trigger_type: 'test_pinged', actions: [{ key: 'time_delay', args: { amount: 2 } }] });
    expect(missing.json()).toMatchObject({ error: 'invalid_automation' });
    expect(missing.json().message).toContain('/actions/0/args');
    expect((await post({ trigger_type: 'manual' })).json()).toMatchObject({ error: 'validation_failed', statusCode: 400 });
    expect((await post({ name: 'x', trigger_type: 'manual' }, student)).statusCode).toBe(403);
    const id = await create(owner, { name: 'Fine', trigger_type: 'manual' });
    const patch = await t.request({
      method: 'PATCH',
      url: `/api/automations/${id}`,
      as: owner,
      payload: { actions: [{ key: 'test_record', args: { label: '' } }] },
    });
    expect(patch.json()).toMatchObject({ error: 'invalid_automation', details: [{ path: '/actions/0/args/label' }] });
    const disable = await t.request({ method: 'PATCH', url: `/api/automations/${id}`, as: owner, payload: { enabled: false } });
    expect(disable.json()).toMatchObject({ enabled: false });
    expect((await t.request({ method: 'POST', url: `/api/automations/${id}/run`, as: owner, payload: {} })).json()).toMatchObject({
      error: 'conflict',
      statusCode: 409,
    });
    const catalogue = (await t.request({ url: '/api/automations/catalogue', as: owner })).json() as Record<string, Array<{ key: string }>>;
    expect(catalogue.triggers?.map((e) => e.key)).toEqual(expect.arrayContaining(['manual', 'test_pinged']));
    expect(catalogue.conditions?.map((e) => e.key)).toEqual(
      expect.arrayContaining(['time_of_day', 'day_of_week', 'course_id_equals', 'form_id_equals', 'user_role', 'test_word_is']),
    );
    expect(catalogue.actions?.map((e) => e.key)).toEqual(expect.arrayContaining(['time_delay', 'test_record']));
    await t.request({ method: 'DELETE', url: `/api/automations/${id}`, as: owner });
  });

  it("keeps accounts apart: one cannot see or start another's automations, nor do its events run them", async () => {
    const mine = await create(owner, { name: 'Mine', trigger_type: 'manual', actions: [{ key: 'test_record', args: { label: 'mine' } }] });
    const theirs = await create(otherOwner, { name: 'Theirs', trigger_type: 'test_pinged', actions: [{ key: 'test_record', args: { label: 'theirs' } }] });
    for (const [method, url] of [
      ['GET', `/api/automations/${mine}`],
      ['PATCH', `/api/automations/${mine}`],
      ['POST', `/api/automations/${mine}/run`],
      ['DELETE', `/api/automations/${mine}`],
    ] as const) {
      const res = await t.request({ method, url, as: otherOwner, payload: method === 'PATCH' ? { enabled: false } : method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = (await t.request({ url: '/api/automations', as: otherOwner })).json() as { items: Array<{ id: string }> };
    expect(list.items.map((a) => a.id)).toEqual([theirs]);
    expect(await runsOf(otherOwner, mine)).toEqual([]);
    // An event of the first account does not run the other's automation of the same trigger.
    const own = await create(owner, { name: 'Own', trigger_type: 'test_pinged', actions: [{ key: 'test_record', args: { label: 'own' } }] });
    await raiseIn(t, site.id, { word: 'apart' });
    await settled(owner, own, 1);
    expect(await runsOf(otherOwner, theirs)).toEqual([]);
    expect(performed.filter((p) => p.label === 'theirs')).toEqual([]);
    expect(performed.filter((p) => p.label === 'own').map((p) => [p.accountId, new URL(p.origin).hostname])).toEqual([[site.id, site.host]]);
  });
});
