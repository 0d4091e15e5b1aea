import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { definePlugin } from '@lectern/sdk';
import { lmsDb, type LmsDb } from '../db/tables.js';
import { manifest } from '../manifest.js';
import { migrations } from '../migrations.js';
import { registerCourseAutomation } from '../automation/index.js';
import { clock } from './clock.js';
import { enrolmentRoutes, recalculateProgress, registerEnrolment, LmsTokens, type EnrolmentService } from './index.js';

// The LMS plugin with only this folder's routes, so these tests do not hang on the other parts' work.
// Its bootstrap resolves the service the way another plugin would.
let resolved: EnrolmentService | undefined;
const lms = definePlugin({
  manifest,
  migrations,
  register(ctx) {
    registerEnrolment(ctx);
    // The manifest declares the automation actions: the kernel boots only with their code.
    registerCourseAutomation(ctx);
  },
  routes: enrolmentRoutes,
  bootstrap(ctx) {
    resolved = ctx.resolve(LmsTokens.enrolment);
  },
});

// Courses and items are written straight into the tables, so these tests do not depend on the course routes.
interface FixtureCourse {
  id: string;
  slug: string;
  /** Item ids by the names given. */
  items: Record<string, string>;
}

let n = 0;

async function makeCourse(
  t: TestKernel,
  account: TestAccount,
  input: {
    items: Array<[name: string, type: 'section' | 'unit' | 'quiz' | 'assignment', settings?: Record<string, unknown>]>;
    seats?: number | null;
    status?: 'draft' | 'published';
    settings?: Record<string, unknown>;
    duration?: unknown;
    authorId?: string | null;
  },
): Promise<FixtureCourse> {
  const slug = `course-${Date.now().toString(36)}-${(n++).toString(36)}`;
  return t.kernel.withSystem('test: create an LMS course', async (anyDb) => {
    const db = lmsDb(anyDb);
    const course = await db
      .insertInto('lms_courses')
      .values({
        account_id: account.id,
        title: `Course ${slug}`,
        slug,
        featured_image: '{}',
        document: '{}',
        author_id: input.authorId ?? null,
        status: input.status ?? 'published',
        seats: input.seats ?? null,
        settings: JSON.stringify(input.settings ?? {}),
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const items: Record<string, string> = {};
    let position = 0;
    for (const [name, type, settings] of input.items) {
      const row = await db
        .insertInto('lms_items')
        .values({
          account_id: account.id,
          course_id: course.id,
          post_type: type,
          title: name,
          position: position++,
          document: '{}',
          settings: JSON.stringify(settings ?? {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      items[name] = row.id;
    }
    if (input.duration !== undefined) {
      await db
        .insertInto('lms_course_meta')
        .values({ account_id: account.id, course_id: course.id, meta_key: 'courseDuration', meta_value: JSON.stringify(input.duration) })
        .execute();
    }
    return { id: course.id, slug, items };
  });
}

async function withLms<T>(t: TestKernel, work: (db: LmsDb) => Promise<T>): Promise<T> {
  return t.kernel.withSystem('test: read LMS tables', (db) => work(lmsDb(db)));
}

interface Enrolment {
  course_id: string;
  student_id: string;
  status: number;
  startAt: number | null;
  expiry: number | null;
  progress: number;
  marks: number;
  curriculum_data: Record<string, number>;
}
interface PlayerItem {
  id: string;
  post_type: string;
  complete: boolean;
  locked: boolean;
  reason: string | null;
  opens_at: number | null;
}
interface Player {
  enrolment: Enrolment;
  items: PlayerItem[];
  next: string | null;
}

describe('enrolment, states, progress and the player', () => {
  let t: TestKernel;
  let a: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let otherInstructor: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(a, { role: 'owner' });
    instructor = await t.createMember(a, { role: 'instructor', name: 'Ida Instructor' });
    otherInstructor = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student', name: 'Sam Student' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    clock.now = () => new Date();
  });

  const enrol = (course: string, as: TestMember) => t.request({ method: 'POST', url: `/api/lms/player/${course}/enrol`, as, payload: {} });
  const player = async (course: string, as: TestMember) => {
    const res = await t.request({ url: `/api/lms/player/${course}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Player;
  };
  const complete = (course: FixtureCourse, item: string, as: TestMember, method: 'POST' | 'DELETE' = 'POST') =>
    t.request({ method, url: `/api/lms/player/${course.id}/items/${course.items[item]}/complete`, as, ...(method === 'POST' ? { payload: {} } : {}) });
  const studentCount = (courseId: string) =>
    withLms(t, async (db) => (await db.selectFrom('lms_courses').select('student_count').where('id', '=', courseId).executeTakeFirstOrThrow()).student_count);

  it('enrols a member in a published course for free, idempotently, keeping student_count exact; drafts are not on offer', async () => {
    const course = await makeCourse(t, a, { items: [['u1', 'unit']] });
    const first = await enrol(course.slug, student);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ status: 1, created: true, enrolment: { status: 1, progress: 0, startAt: null, curriculum_data: {} } });
    const again = await enrol(course.id, student);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 1, created: false });
    expect(await studentCount(course.id)).toBe(1);

    const draft = await makeCourse(t, a, { items: [], status: 'draft' });
    expect((await enrol(draft.id, student)).json()).toMatchObject({ error: 'course_not_found' });
    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, account: a, payload: {} })).statusCode).toBe(401);

    const out = await t.request({ method: 'DELETE', url: `/api/lms/roster/${course.id}/${student.userId}`, as: owner });
    expect(out.json()).toEqual({ status: 1 });
    expect(await studentCount(course.id)).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/lms/roster/${course.id}/${student.userId}`, as: owner })).json()).toEqual({ status: 0 });
  });

  it('offers the enrolment service to other plugins under LmsTokens.enrolment', async () => {
    const course = await makeCourse(t, a, { items: [['u1', 'unit']], seats: 1 });
    const buyer = await t.createMember(a, { role: 'student' });
    const service = resolved as EnrolmentService;
    expect(service).toBeDefined();
    // As another plugin would: inside the account's tenancy, with the site's name and address for messages.
    const asPlugin = (courseId: string, userId: string) =>
      t.kernel.inAccount(a.id, (scope) =>
        service.enrol(
          { db: scope.db, accountId: a.id, features: scope.account.features, afterCommit: () => undefined, siteName: 'Site', origin: 'https://site.test' },
          courseId,
          userId,
          'purchase',
        ),
      );
    expect(await asPlugin(course.id, buyer.userId)).toMatchObject({ status: 1, created: true, enrolment: { status: 1 } });
    expect(await asPlugin(course.id, student.userId)).toEqual({ status: 0, error: 'Seats Error', code: 'seats' });
    expect(await asPlugin(buyer.userId, buyer.userId)).toEqual({ status: 0 });
  });

  it('50 concurrent enrolments into 10 seats: exactly 10 enrolled, student_count 10, 40 answers with code seats', async () => {
    const course = await makeCourse(t, a, { items: [['u1', 'unit']], seats: 10 });
    const members = await Promise.all(Array.from({ length: 50 }, () => t.createMember(a, { role: 'student' })));
    const answers = await Promise.all(members.map((m) => enrol(course.id, m)));
    const enrolled = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(enrolled).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) expect(r.json()).toEqual({ status: 0, error: 'Seats Error', code: 'seats' });
    expect(await studentCount(course.id)).toBe(10);
    const rows = await withLms(t, (db) => db.selectFrom('lms_course_students').select('student_id').where('course_id', '=', course.id).execute());
    expect(rows).toHaveLength(10);
    // A freed seat can be taken again.
    await t.request({ method: 'DELETE', url: `/api/lms/roster/${course.id}/${rows[0]?.student_id}`, as: owner });
    expect((await enrol(course.id, members.find((m) => !rows.some((r) => r.student_id === m.userId)) as TestMember)).statusCode).toBe(201);
    expect(await studentCount(course.id)).toBe(10);
  });

  it('walks the states: start 1→2 once, progress by completed share, un-complete, finish → 3, instructor status change, other instructors refused', async () => {
    clock.now = () => new Date('2026-03-01T10:00:00Z');
    const course = await makeCourse(t, a, {
      items: [
        ['s1', 'section'],
        ['u1', 'unit'],
        ['u2', 'unit'],
        ['s2', 'section'],
        ['u3', 'unit'],
      ],
      authorId: instructor.userId,
    });
    await enrol(course.id, student);
    const started = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: student, payload: {} });
    expect(started.json()).toMatchObject({ status: 1, enrolment: { status: 2, startAt: Date.parse('2026-03-01T10:00:00Z') / 1000 } });
    clock.now = () => new Date('2026-03-02T10:00:00Z');
    const restart = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: student, payload: {} });
    expect((restart.json() as { enrolment: Enrolment }).enrolment.startAt).toBe(Date.parse('2026-03-01T10:00:00Z') / 1000);

    const one = await complete(course, 'u1', student);
    expect(one.json()).toMatchObject({
      enrolment: { progress: 33, curriculum_data: { [course.items.u1 as string]: Date.parse('2026-03-02T10:00:00Z') / 1000 } },
    });
    expect((await complete(course, 'u2', student)).json()).toMatchObject({ enrolment: { progress: 66 } });
    const early = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ error: 'course_incomplete' });
    expect((await complete(course, 'u3', student)).json()).toMatchObject({ enrolment: { progress: 100 } });
    const undone = await complete(course, 'u3', student, 'DELETE');
    expect(undone.json()).toMatchObject({ enrolment: { progress: 66 } });
    expect((undone.json() as { enrolment: Enrolment }).enrolment.curriculum_data).not.toHaveProperty(course.items.u3 as string);
    expect((await complete(course, 's1', student)).json()).toMatchObject({ error: 'not_a_unit' });
    await complete(course, 'u3', student);

    const finished = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });
    expect(finished.json()).toMatchObject({ status: 1, message: 'courses.courseStatusUpdated', enrolment: { status: 3, progress: 100 } });

    const url = `/api/lms/roster/${course.id}/${student.userId}/status`;
    expect((await t.request({ method: 'PUT', url, as: otherInstructor, payload: { status: 4 } })).json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ method: 'PUT', url, as: student, payload: { status: 4 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, as: instructor, payload: { status: 5 } })).statusCode).toBe(400);
    const graded = await t.request({ method: 'PUT', url, as: instructor, payload: { status: 4 } });
    expect(graded.json()).toMatchObject({ status: 1, message: 'courses.courseStatusUpdated', enrolment: { status: 4 } });
    expect((await t.request({ method: 'PUT', url, as: owner, payload: { status: 2 } })).json()).toMatchObject({ enrolment: { status: 2 } });
  });

  it('finishing a course that evaluates automatically goes straight to 4', async () => {
    const course = await makeCourse(t, a, { items: [['u1', 'unit']], settings: { evaluation: 'auto' } });
    await enrol(course.id, student);
    await complete(course, 'u1', student);
    const res = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });
    expect(res.json()).toMatchObject({ enrolment: { status: 4 } });
  });

  it('unit lock: the player says why, and completing out of order is refused until the previous unit is done', async () => {
    const course = await makeCourse(t, a, {
      items: [
        ['s1', 'section'],
        ['u1', 'unit'],
        ['s2', 'section'],
        ['u2', 'unit'],
        ['u3', 'unit'],
      ],
      settings: { unitLock: true },
    });
    await enrol(course.id, student);
    const view = await player(course.id, student);
    expect(view.items.filter((i) => i.post_type !== 'section').map((i) => [i.locked, i.reason])).toEqual([
      [false, null],
      [true, 'unit_lock'],
      [true, 'unit_lock'],
    ]);
    expect(view.next).toBe(course.items.u1);
    const refused = await complete(course, 'u2', student);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'unit_locked', details: { reason: 'unit_lock' } });
    // Completing a unit is the first start.
    expect((await complete(course, 'u1', student)).json()).toMatchObject({ enrolment: { status: 2, progress: 33 } });
    expect((await complete(course, 'u2', student)).statusCode).toBe(200);
    expect((await player(course.id, student)).next).toBe(course.items.u3);
  });

  it('drip: a unit opens value × parameter × position after the start, the player shows when, the clock releases it', async () => {
    const start = new Date('2026-04-01T00:00:00Z');
    clock.now = () => start;
    const drip = { enabled: true, value: 2, parameter: 'day', multiplier: 'unit', from: 'start' };
    const course = await makeCourse(t, a, {
      items: [
        ['u1', 'unit'],
        ['u2', 'unit'],
        ['u3', 'unit'],
      ],
      settings: { drip },
    });
    await enrol(course.id, student);
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: student, payload: {} });
    const s = start.getTime() / 1000;
    const view = await player(course.id, student);
    expect(view.items.map((i) => [i.reason, i.opens_at])).toEqual([
      [null, s],
      ['drip', s + 2 * 86_400],
      ['drip', s + 4 * 86_400],
    ]);

    clock.now = () => new Date(start.getTime() + 2 * 86_400_000 - 1000);
    const early = await complete(course, 'u2', student);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: 'drip_locked', details: { reason: 'drip', opens_at: s + 2 * 86_400 } });
    clock.now = () => new Date(start.getTime() + 2 * 86_400_000);
    expect((await complete(course, 'u2', student)).statusCode).toBe(200);
    expect((await player(course.id, student)).items[2]).toMatchObject({ locked: true, reason: 'drip', opens_at: s + 4 * 86_400 });
  });

  it('sets the expiry from the course duration, 999999 s for an empty parameter, 8639136e5 ms by default; an expired enrolment is refused', async () => {
    const at = new Date('2026-05-01T00:00:00Z');
    clock.now = () => at;
    const expiryFor = async (duration: unknown) => {
      const course = await makeCourse(t, a, { items: [['u1', 'unit']], duration });
      return { course, expiry: ((await enrol(course.id, student)).json() as { enrolment: Enrolment }).enrolment.expiry };
    };
    expect((await expiryFor(undefined)).expiry).toBe(at.getTime() + 8639136e5);
    expect((await expiryFor({ value: 3, parameter: 'week' })).expiry).toBe(at.getTime() + 3 * 604_800_000);
    const short = await expiryFor({ value: 3, parameter: '' });
    expect(short.expiry).toBe(at.getTime() + 999_999_000);

    clock.now = () => new Date(at.getTime() + 999_999_000);
    const expired = await t.request({ url: `/api/lms/player/${short.course.id}`, as: student });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error: 'enrolment_expired' });
    expect((await complete(short.course, 'u1', student)).json()).toMatchObject({ error: 'enrolment_expired' });
    const mine = await t.request({ url: '/api/lms/my/courses?limit=100', as: student });
    expect((mine.json() as { items: Array<{ course: { id: string }; expired: boolean }> }).items.find((c) => c.course.id === short.course.id)?.expired).toBe(
      true,
    );
  });

  it('refuses the player to members who are not enrolled', async () => {
    const course = await makeCourse(t, a, { items: [['u1', 'unit']] });
    const res = await t.request({ url: `/api/lms/player/${course.id}`, as: otherInstructor });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'not_enrolled' });
    expect((await t.request({ url: '/api/lms/player/no-such-course', as: student })).statusCode).toBe(404);
  });

  it('counts graded quizzes and marked assignments, and a reset deletes them with the stamps, startAt and marks', async () => {
    const course = await makeCourse(t, a, {
      items: [
        ['u1', 'unit'],
        ['q1', 'quiz'],
        ['a1', 'assignment'],
      ],
      authorId: instructor.userId,
    });
    await enrol(course.id, student);
    await complete(course, 'u1', student);
    await withLms(t, async (db) => {
      await db
        .insertInto('lms_quiz_submissions')
        .values([
          { account_id: a.id, quiz_id: course.items.q1 as string, course_id: course.id, student_id: student.userId, attempt: 1, status: 4, answers: '{}' },
          // A retake in progress: the evaluated first attempt still counts (docs/decisions.md).
          { account_id: a.id, quiz_id: course.items.q1 as string, course_id: course.id, student_id: student.userId, attempt: 2, status: 2, answers: '{}' },
        ])
        .execute();
      // Submitted but not marked: not complete yet.
      await db
        .insertInto('lms_assignment_submissions')
        .values({ account_id: a.id, assignment_id: course.items.a1 as string, course_id: course.id, student_id: student.userId, status: 3, marks: null })
        .execute();
      await db.updateTable('lms_course_students').set({ marks: 70 }).where('course_id', '=', course.id).execute();
    });
    expect((await player(course.id, student)).enrolment.progress).toBe(66);
    await withLms(t, async (db) => {
      await db
        .updateTable('lms_quiz_submissions')
        .set({ status: 3 })
        .where('quiz_id', '=', course.items.q1 as string)
        .where('attempt', '=', 2)
        .execute();
      await db
        .updateTable('lms_assignment_submissions')
        .set({ marks: 8 })
        .where('assignment_id', '=', course.items.a1 as string)
        .execute();
    });
    const graded = await player(course.id, student);
    expect(graded.enrolment.progress).toBe(100);
    expect(graded.items.every((i) => i.complete)).toBe(true);
    // Grading code stores the new figure through recalculateProgress, inside the account's tenancy.
    expect(await t.kernel.withSystem('test: recalculate', (db) => recalculateProgress(lmsDb(db), a.id, course.id, student.userId))).toBe(100);
    expect(
      await withLms(
        t,
        async (db) => (await db.selectFrom('lms_course_students').select('progress').where('course_id', '=', course.id).executeTakeFirstOrThrow()).progress,
      ),
    ).toBe(100);

    const reset = await t.request({ method: 'POST', url: `/api/lms/roster/${course.id}/${student.userId}/reset`, as: instructor, payload: {} });
    expect(reset.json()).toMatchObject({ status: 1, enrolment: { status: 1, progress: 0, curriculum_data: {}, startAt: null, marks: 0 } });
    const left = await withLms(t, async (db) => [
      ...(await db.selectFrom('lms_quiz_submissions').select('id').where('course_id', '=', course.id).execute()),
      ...(await db.selectFrom('lms_assignment_submissions').select('id').where('course_id', '=', course.id).execute()),
    ]);
    expect(left).toEqual([]);
    expect((await player(course.id, student)).items.some((i) => i.complete)).toBe(false);
  });

  it('20 concurrent unit completions by one student leave every stamp and an exact progress', async () => {
    const names = Array.from({ length: 21 }, (_, i) => `u${i}`);
    const course = await makeCourse(t, a, { items: names.map((name) => [name, 'unit'] as [string, 'unit']) });
    await enrol(course.id, student);
    const answers = await Promise.all(names.slice(0, 20).map((name) => complete(course, name, student)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const view = await player(course.id, student);
    expect(Object.keys(view.enrolment.curriculum_data)).toHaveLength(20);
    // 20 of 21 → 95.23… → 95, stored as well as shown.
    const stored = await withLms(t, async (db) =>
      db.selectFrom('lms_course_students').select(['progress', 'status']).where('course_id', '=', course.id).executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ progress: 95, status: 2 });
  });

  it('lists the roster newest first with paging, a total and search; bulk CSV enrolment reports each row; my courses pages', async () => {
    const course = await makeCourse(t, a, {
      items: [
        ['u1', 'unit'],
        ['u2', 'unit'],
      ],
      seats: 24,
      authorId: instructor.userId,
    });
    const people = [];
    for (let i = 0; i < 25; i += 1)
      people.push(await t.createMember(a, { role: 'student', email: `roster-${i}-${course.slug}@example.test`, name: `Roster Person ${i}` }));
    const csv = ['email,name', ...people.map((p, i) => `${p.email},Person ${i}`), 'not-an-email,x', 'stranger@example.test,Nobody', people[0]?.email].join(
      '\n',
    );
    const bulk = await t.request({ method: 'POST', url: `/api/lms/roster/${course.id}/bulk`, as: instructor, payload: { csv } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const results = (bulk.json() as { results: Array<{ row: number; email: string; result: string }> }).results;
    expect(results.filter((r) => r.result === 'enrolled')).toHaveLength(24);
    expect(results.slice(-4).map((r) => r.result)).toEqual(['seats', 'invalid_email', 'not_member', 'already_enrolled']);
    expect(results[0]).toMatchObject({ row: 2, email: people[0]?.email });
    expect(await studentCount(course.id)).toBe(24);

    const page = async (query: string) => {
      const res = await t.request({ url: `/api/lms/roster/${course.id}?${query}`, as: instructor });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; items: Array<{ student_id: string; name: string; email: string }> };
    };
    const first = await page('limit=10');
    const second = await page('limit=10&offset=10');
    const third = await page('limit=10&offset=20');
    expect([first.total, first.items.length, second.items.length, third.items.length]).toEqual([24, 10, 10, 4]);
    const all = [...first.items, ...second.items, ...third.items].map((i) => i.student_id);
    expect(new Set(all).size).toBe(24);
    // Newest first: bulk enrolled in row order within one transaction, so the tie breaks by id; the
    // list must equal the database's order by created_at desc, student_id.
    const expected = await withLms(t, async (db) =>
      (
        await db
          .selectFrom('lms_course_students')
          .select('student_id')
          .where('course_id', '=', course.id)
          .orderBy('created_at', 'desc')
          .orderBy('student_id')
          .execute()
      ).map((r) => r.student_id),
    );
    expect(all).toEqual(expected);
    const found = await page(`search=${encodeURIComponent('Roster Person 7')}`);
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ name: 'Roster Person 7', email: people[7]?.email });
    expect((await page(`search=roster-1`)).total).toBe(11);
    expect((await t.request({ url: `/api/lms/roster/${course.id}?limit=101`, as: instructor })).statusCode).toBe(400);
    expect((await t.request({ url: `/api/lms/roster/${course.id}`, as: otherInstructor })).json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ url: `/api/lms/roster/${course.id}`, as: student })).statusCode).toBe(403);

    const mine = await t.request({ url: '/api/lms/my/courses?limit=1', as: people[3] as TestMember });
    expect(mine.json()).toMatchObject({
      total: 1,
      items: [{ course: { id: course.id }, status: 1, progress: 0, continue_item: course.items.u1, expired: false }],
    });
  });
});
