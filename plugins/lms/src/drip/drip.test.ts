import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '../index.js';
import { clock } from '../enrolment/clock.js';
import { DRIP_QUEUE, releaseJobId } from './jobs.js';

const realNow = clock.now;

describe('drip releases (drip_lesson_available)', () => {
  let t: TestKernel;
  let site: TestAccount;
  let instructor: TestMember;
  let student: TestMember;
  let triggers: RecordedTriggers;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    instructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterEach(() => {
    clock.now = realNow;
  });
  afterAll(async () => {
    await t?.close();
  });

  const jobsFor = (courseId: string) =>
    t.kernel.withSystem(
      'test: drip jobs',
      async (db) =>
        (
          await sql<{
            id: string;
            start_after: Date;
            data: { data: { itemId: string } };
          }>`SELECT id::text, start_after, data FROM pgboss.job WHERE name = ${DRIP_QUEUE} AND data->'data'->>'courseId' = ${courseId} ORDER BY start_after`.execute(
            db,
          )
        ).rows,
    );

  it('queues a job due at each release when the course starts, once, and raises the trigger when it comes due', async () => {
    const start = new Date(Math.floor(Date.now() / 1000) * 1000);
    clock.now = () => start;
    const drip = { enabled: true, value: 1, parameter: 'hour', multiplier: 'unit', from: 'start' };
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: instructor, payload: { title: 'Slow Cooking', settings: { drip } } });
    const course = created.json() as { id: string };
    const items: string[] = [];
    for (const title of ['Stock', 'Braise', 'Confit']) {
      const res = await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/items`, as: instructor, payload: { post_type: 'unit', title } });
      items.push((res.json() as { id: string }).id);
    }
    await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: instructor, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: student, payload: {} });
    expect(await jobsFor(course.id)).toEqual([]);

    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: student, payload: {} })).statusCode).toBe(200);
    const s = start.getTime() / 1000;
    let jobs = await jobsFor(course.id);
    expect(jobs.map((job) => [job.data.data.itemId, new Date(job.start_after).getTime() / 1000])).toEqual([
      [items[1], s + 3600],
      [items[2], s + 7200],
    ]);
    expect(jobs[0]?.id).toBe(releaseJobId(site.id, { courseId: course.id, studentId: student.userId, itemId: items[1]! }, s + 3600));
    // Completing the first unit schedules the same releases again: the job ids keep them single.
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${items[0]}/complete`, as: student, payload: {} });
    expect(await jobsFor(course.id)).toHaveLength(2);

    // An hour later the first job comes due (moved forward here instead of waiting) and finds the unit open.
    clock.now = () => new Date(start.getTime() + 3600_000);
    await t.kernel.withSystem('test: the first release is due', (db) =>
      sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${jobs[0]!.id}::uuid`.execute(db),
    );
    const deadline = Date.now() + 15_000;
    const released = async () => (await triggers.list()).filter((tr) => tr.trigger === 'drip_lesson_available');
    while ((await released()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await released()).toEqual([{ trigger: 'drip_lesson_available', accountId: site.id, userId: student.userId, courseId: course.id, itemId: items[1] }]);

    // A job that comes due while the item is still held back (its time moved by a reset) raises nothing.
    clock.now = () => start;
    jobs = await jobsFor(course.id);
    await t.kernel.withSystem('test: the second release is due early', (db) =>
      sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${jobs[1]!.id}::uuid`.execute(db),
    );
    const settled = Date.now() + 15_000;
    let state = '';
    while (state !== 'completed' && Date.now() < settled) {
      state = (await t.kernel.jobs.find(jobs[1]!.id))?.state ?? '';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('completed');
    expect(await released()).toHaveLength(1);
  });
});
