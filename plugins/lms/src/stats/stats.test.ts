import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { definePlugin } from '@lectern/sdk';
import { lmsDb } from '../db/tables.js';
import { registerCourseAutomation } from '../automation/index.js';
import { clock } from '../enrolment/index.js';
import { manifest } from '../manifest.js';
import { migrations } from '../migrations.js';
import { statsRoutes } from './index.js';
import type { CourseStats } from './store.js';

// The LMS plugin with only this folder's route; courses, students and attempts are written straight
// into the tables so these tests do not depend on the other parts' routes.
// The manifest declares the automation actions: the kernel boots only with their code.
const lms = definePlugin({ manifest, migrations, register: registerCourseAutomation, routes: statsRoutes });

let n = 0;

interface Fixture {
  id: string;
  quizzes: string[];
}

async function makeCourse(t: TestKernel, account: TestAccount, authorId: string | null, quizTitles: string[] = []): Promise<Fixture> {
  const slug = `stats-${Date.now().toString(36)}-${(n++).toString(36)}`;
  return t.kernel.withSystem('test: create an LMS course', async (anyDb) => {
    const db = lmsDb(anyDb);
    const course = await db
      .insertInto('lms_courses')
      .values({
        account_id: account.id,
        title: slug,
        slug,
        featured_image: '{}',
        document: '{}',
        author_id: authorId,
        status: 'published',
        seats: null,
        settings: '{}',
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const quizzes: string[] = [];
    // A unit first, so the quizzes' positions are not their index.
    const items: Array<[string, 'unit' | 'quiz']> = [['Unit', 'unit'], ...quizTitles.map((title): [string, 'quiz'] => [title, 'quiz'])];
    for (const [position, [title, type]] of items.entries()) {
      const row = await db
        .insertInto('lms_items')
        .values({ account_id: account.id, course_id: course.id, post_type: type, title, position, document: '{}', settings: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (type === 'quiz') quizzes.push(row.id);
    }
    return { id: course.id, quizzes };
  });
}

async function enrol(t: TestKernel, account: TestAccount, courseId: string, studentId: string, input: { status: number; progress: number; at: string }) {
  await t.kernel.withSystem('test: enrol a student', async (anyDb) => {
    await lmsDb(anyDb)
      .insertInto('lms_course_students')
      .values({
        account_id: account.id,
        course_id: courseId,
        student_id: studentId,
        status: input.status,
        progress: input.progress,
        start_at: null,
        expiry: null,
        curriculum_data: '{}',
        created_at: new Date(input.at),
      })
      .execute();
  });
}

async function attempt(
  t: TestKernel,
  account: TestAccount,
  course: string,
  quiz: string,
  student: string,
  input: { attempt: number; status: number; marks: number },
) {
  await t.kernel.withSystem('test: a quiz attempt', async (anyDb) => {
    await lmsDb(anyDb)
      .insertInto('lms_quiz_submissions')
      .values({
        account_id: account.id,
        quiz_id: quiz,
        course_id: course,
        student_id: student,
        attempt: input.attempt,
        status: input.status,
        marks: input.marks,
        answers: '{}',
      })
      .execute();
  });
}

describe('course statistics', () => {
  let t: TestKernel;
  let a: TestAccount;
  let other: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let otherInstructor: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    other = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(a, { role: 'owner' });
    instructor = await t.createMember(a, { role: 'instructor' });
    otherInstructor = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    clock.now = () => new Date();
  });

  const stats = (course: string, as: TestMember) => t.request({ url: `/api/lms/courses/${course}/stats`, as });

  it('counts students by status, averages progress and quiz marks, and buckets 30 days of enrolments', async () => {
    clock.now = () => new Date('2026-04-30T15:00:00Z');
    const course = await makeCourse(t, a, instructor.userId, ['Quiz A', 'Quiz B']);
    const students = await Promise.all(Array.from({ length: 5 }, () => t.createMember(a, { role: 'student' })));
    const rows: Array<{ status: number; progress: number; at: string }> = [
      { status: 1, progress: 0, at: '2026-04-30T01:00:00Z' },
      { status: 2, progress: 50, at: '2026-04-30T23:59:00Z' },
      { status: 3, progress: 100, at: '2026-04-01T00:00:00Z' },
      { status: 4, progress: 100, at: '2026-04-10T12:00:00Z' },
      // Before the window: counted in the totals, not in the chart.
      { status: 4, progress: 100, at: '2026-03-31T23:59:59Z' },
    ];
    for (const [i, row] of rows.entries()) await enrol(t, a, course.id, students[i]?.userId ?? '', row);
    const [quizA = '', quizB = ''] = course.quizzes;
    await attempt(t, a, course.id, quizA, students[2]?.userId ?? '', { attempt: 1, status: 4, marks: 3 });
    await attempt(t, a, course.id, quizA, students[3]?.userId ?? '', { attempt: 1, status: 4, marks: 4 });
    // Awaiting evaluation: not averaged yet.
    await attempt(t, a, course.id, quizA, students[4]?.userId ?? '', { attempt: 1, status: 3, marks: 10 });

    const res = await stats(course.id, instructor);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CourseStats;
    expect(body).toMatchObject({
      course_id: course.id,
      students: 5,
      by_status: [
        { status: 1, count: 1 },
        { status: 2, count: 1 },
        { status: 3, count: 1 },
        { status: 4, count: 2 },
      ],
      average_progress: 70,
      completion_rate: 60,
      quizzes: [
        { id: quizA, title: 'Quiz A', attempts: 2, average_marks: 3.5 },
        { id: quizB, title: 'Quiz B', attempts: 0, average_marks: null },
      ],
    });
    expect(body.enrolments).toHaveLength(30);
    expect(body.enrolments[0]).toEqual({ date: '2026-04-01', count: 1 });
    expect(body.enrolments[29]).toEqual({ date: '2026-04-30', count: 2 });
    expect(body.enrolments.find((d) => d.date === '2026-04-10')?.count).toBe(1);
    expect(body.enrolments.reduce((sum, d) => sum + d.count, 0)).toBe(4);
  });

  it('answers zeros for a course without students', async () => {
    const course = await makeCourse(t, a, instructor.userId);
    const res = await stats(course.id, owner);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CourseStats;
    expect(body).toMatchObject({ students: 0, average_progress: 0, completion_rate: 0, quizzes: [] });
    expect(body.by_status.map((s) => s.count)).toEqual([0, 0, 0, 0]);
    expect(body.enrolments.every((d) => d.count === 0)).toBe(true);
  });

  it('is for the course authors and site managers with manage_stats only', async () => {
    const course = await makeCourse(t, a, instructor.userId);
    expect((await stats(course.id, owner)).statusCode).toBe(200);
    const notAuthor = await stats(course.id, otherInstructor);
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json()).toMatchObject({ error: 'not_course_author' });
    expect((await stats(course.id, student)).statusCode).toBe(403);
    expect((await t.request({ url: `/api/lms/courses/${course.id}/stats`, account: a })).statusCode).toBe(401);
  });

  it('hides other accounts’ courses and unknown ids behind 404', async () => {
    const foreign = await makeCourse(t, other, null);
    const res = await stats(foreign.id, owner);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'course_not_found' });
    expect((await stats('00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(404);
  });
});
