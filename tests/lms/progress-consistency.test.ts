import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

type ItemKind = 'section' | 'unit' | 'quiz' | 'assignment';

/**
 * DECISIONS.md: stored progress is recomputed inside the transaction that changes what it is made
 * of, so it never drifts — curriculum edits included — and a quiz retake keeps the course's progress
 * (docs/decisions.md: a submitted attempt keeps counting until the retake is itself submitted).
 */
describe('course progress stays consistent', () => {
  let t: TestKernel;
  let site: TestAccount;
  let instructor: TestMember;
  let student: TestMember;
  let idle: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    instructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
    idle = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function addItem(courseId: string, post_type: ItemKind, title: string, settings?: Record<string, unknown>): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: `/api/lms/courses/${courseId}/items`,
      as: instructor,
      payload: { post_type, title, ...(settings ? { settings } : {}) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  }
  async function removeItem(courseId: string, itemId: string): Promise<void> {
    const res = await t.request({ method: 'DELETE', url: `/api/lms/courses/${courseId}/items/${itemId}`, as: instructor });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function makeCourse(title: string, items: Array<[ItemKind, string, Record<string, unknown>?]>) {
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: instructor, payload: { title } });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json() as { id: string; slug: string };
    const ids: string[] = [];
    for (const [kind, name, settings] of items) ids.push(await addItem(course.id, kind, name, settings));
    expect((await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: instructor, payload: {} })).statusCode).toBe(200);
    for (const member of [student, idle]) {
      const enrolled = await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: member, payload: {} });
      expect(enrolled.statusCode, enrolled.body).toBe(201);
    }
    return { ...course, ids };
  }
  const complete = async (courseId: string, itemId: string, done = true) => {
    const res = await t.request({
      method: done ? 'POST' : 'DELETE',
      url: `/api/lms/player/${courseId}/items/${itemId}/complete`,
      as: student,
      payload: done ? {} : undefined,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** What the database holds (the roster, reports and automations read this). */
  const stored = (courseId: string, member: TestMember) =>
    t.kernel.inAccount(site.id, async ({ db }) => {
      const row = await db
        .selectFrom('lms_course_students')
        .select('progress')
        .where('course_id', '=', courseId)
        .where('student_id', '=', member.userId)
        .executeTakeFirstOrThrow();
      return Number(row.progress);
    });
  /** What the student's player shows. */
  const live = async (courseId: string) => {
    const res = await t.request({ url: `/api/lms/player/${courseId}`, as: student });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { enrolment: { progress: number }; items: Array<{ id: string; complete: boolean }> };
  };
  /** The student's stored status and progress. */
  const storedState = (courseId: string) =>
    t.kernel.inAccount(site.id, async ({ db }) => {
      const row = await db
        .selectFrom('lms_course_students')
        .select(['status', 'progress'])
        .where('course_id', '=', courseId)
        .where('student_id', '=', student.userId)
        .executeTakeFirstOrThrow();
      return { status: Number(row.status), progress: Number(row.progress) };
    });

  it('recomputes every student when units are added or removed: 50% → 25% → 50%', async () => {
    const course = await makeCourse('Knots', [
      ['unit', 'Reef knot'],
      ['unit', 'Bowline'],
    ]);
    const [first] = course.ids as [string];
    await complete(course.id, first);
    expect(await stored(course.id, student)).toBe(50);

    const added = [await addItem(course.id, 'unit', 'Clove hitch'), await addItem(course.id, 'unit', 'Sheet bend')];
    expect(await stored(course.id, student)).toBe(25);
    expect((await live(course.id)).enrolment.progress).toBe(25);
    expect(await stored(course.id, idle)).toBe(0);

    // A section does not count; removing the new units brings the figure back.
    await addItem(course.id, 'section', 'Advanced');
    expect(await stored(course.id, student)).toBe(25);
    for (const id of added) await removeItem(course.id, id);
    expect(await stored(course.id, student)).toBe(50);
    expect((await live(course.id)).enrolment.progress).toBe(50);
  });

  it('counts a completed quiz and a marked assignment the same way after an edit', async () => {
    const course = await makeCourse('Sailing', [
      ['unit', 'Wind'],
      ['quiz', 'Rules of the road', { retakes: 0 }],
      ['assignment', 'Log book', { submission: 'text', max_marks: 10 }],
    ]);
    const [unit, quiz, assignment] = course.ids as [string, string, string];
    await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quiz}/questions`,
      as: instructor,
      payload: { type: 'truefalse', prompt: 'Starboard has right of way', data: { correct: true } },
    });
    await complete(course.id, unit);
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/attempts`, as: student, payload: {} })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/submit`, as: student, payload: { answers: {} } })).statusCode).toBe(200);
    const submitted = await t.request({
      method: 'POST',
      url: `/api/lms/assignments/${assignment}/submission`,
      as: student,
      payload: { content: 'Day one: calm.' },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const marked = await t.request({
      method: 'POST',
      url: `/api/lms/assignment-submissions/${(submitted.json() as { id: string }).id}/mark`,
      as: instructor,
      payload: { marks: 8 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await stored(course.id, student)).toBe(100);

    const extra = await addItem(course.id, 'unit', 'Tides');
    expect(await stored(course.id, student)).toBe(75);
    expect((await live(course.id)).enrolment.progress).toBe(75);
    await removeItem(course.id, extra);
    expect(await stored(course.id, student)).toBe(100);
    // Removing a completed quiz takes it out of both counts.
    await removeItem(course.id, quiz);
    expect(await stored(course.id, student)).toBe(100);
    await removeItem(course.id, assignment);
    await addItem(course.id, 'unit', 'Knots again');
    expect(await stored(course.id, student)).toBe(50);
  });

  it('keeps the progress a submitted quiz earned while its retake is open, and after it is submitted', async () => {
    const course = await makeCourse('Navigation', [
      ['unit', 'Charts'],
      ['quiz', 'Chart symbols', { retakes: 2 }],
    ]);
    const [unit, quiz] = course.ids as [string, string];
    await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quiz}/questions`,
      as: instructor,
      payload: { type: 'truefalse', prompt: 'A star marks a light', data: { correct: true } },
    });
    await complete(course.id, unit);
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/attempts`, as: student, payload: {} })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/submit`, as: student, payload: { answers: {} } })).statusCode).toBe(200);
    expect(await stored(course.id, student)).toBe(100);
    expect((await live(course.id)).enrolment.progress).toBe(100);

    // The retake starts: the quiz still counts, in the player and in what is stored.
    const retake = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/attempts`, as: student, payload: {} });
    expect(retake.statusCode, retake.body).toBe(201);
    const during = await live(course.id);
    expect(during.enrolment.progress).toBe(100);
    expect(during.items.find((item) => item.id === quiz)?.complete).toBe(true);
    expect(await stored(course.id, student)).toBe(100);
    // Anything that recomputes meanwhile (a unit un-completed and completed again) agrees.
    await complete(course.id, unit, false);
    expect(await stored(course.id, student)).toBe(50);
    await complete(course.id, unit);
    expect(await stored(course.id, student)).toBe(100);
    // So does a curriculum edit during the retake.
    const extra = await addItem(course.id, 'unit', 'Compass');
    expect(await stored(course.id, student)).toBe(66);
    await removeItem(course.id, extra);
    expect(await stored(course.id, student)).toBe(100);

    // The retake is submitted (answers saved so far, none): still complete.
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quiz}/submit`, as: student, payload: { answers: {} } })).statusCode).toBe(200);
    expect(await stored(course.id, student)).toBe(100);
    expect((await live(course.id)).enrolment.progress).toBe(100);
  });

  it('keeps the status of a student who had finished (3 or 4) through curriculum edits: only progress moves', async () => {
    const course = await makeCourse('Rigging', [
      ['unit', 'Blocks'],
      ['unit', 'Tackles'],
    ]);
    for (const id of course.ids) await complete(course.id, id);
    const finished = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await storedState(course.id)).toEqual({ status: 3, progress: 100 });

    // Submitted for evaluation (3): a new unit lowers the figure, not the status.
    const extra = await addItem(course.id, 'unit', 'Splicing');
    expect(await storedState(course.id)).toEqual({ status: 3, progress: 66 });
    expect((await live(course.id)).enrolment).toMatchObject({ status: 3, progress: 66 });

    // Evaluated (4): the same whichever way the curriculum moves.
    const evaluated = await t.request({ method: 'PUT', url: `/api/lms/roster/${course.id}/${student.userId}/status`, as: instructor, payload: { status: 4 } });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    await removeItem(course.id, extra);
    expect(await storedState(course.id)).toEqual({ status: 4, progress: 100 });
    await addItem(course.id, 'quiz', 'Knots quiz');
    expect(await storedState(course.id)).toEqual({ status: 4, progress: 66 });
    expect((await live(course.id)).enrolment).toMatchObject({ status: 4, progress: 66 });
  });
});
