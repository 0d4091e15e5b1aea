import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '../index.js';

describe('quizzes assigned to members (assigned_quiz member meta)', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let author: TestMember;
  let otherInstructor: TestMember;
  let student: TestMember;
  let outsider: TestMember;
  let course: { id: string; slug: string };
  let quizId: string;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    b = await t.createAccount({ plan: 'professional', features: ['lms'] });
    author = await t.createMember(a, { role: 'instructor' });
    otherInstructor = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student', name: 'Quinn Quizzer' });
    outsider = await t.createMember(a, { role: 'student' });
    course = (await t.request({ method: 'POST', url: '/api/lms/courses', as: author, payload: { title: 'Assigned Work' } })).json() as {
      id: string;
      slug: string;
    };
    quizId = (
      (
        await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/items`, as: author, payload: { post_type: 'quiz', title: 'Homework quiz' } })
      ).json() as { id: string }
    ).id;
    await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: author, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: student, payload: {} });
  });
  afterAll(async () => {
    await t?.close();
  });

  const assign = (studentId: string, as: TestMember = author, method: 'POST' | 'DELETE' = 'POST') =>
    t.request({ method, url: `/api/lms/quizzes/${quizId}/assignees/${studentId}`, as, ...(method === 'POST' ? { payload: {} } : {}) });
  const metaRows = () =>
    t.kernel.withSystem(
      'test: member meta',
      async (db) =>
        (
          await sql<{
            user_id: string;
            meta_value: unknown;
          }>`SELECT user_id, meta_value FROM member_meta WHERE meta_key = 'assigned_quiz' AND account_id = ${a.id}`.execute(db)
        ).rows,
    );

  it('lets a course author assign a quiz to an enrolled student once, stored as assigned_quiz member meta', async () => {
    expect((await assign(student.userId)).json()).toEqual({ status: true });
    expect((await assign(student.userId)).json()).toEqual({ status: true });
    const rows = await metaRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: student.userId, meta_value: [{ quiz_id: quizId, course_id: course.id, assigned_by: author.userId }] });

    const assignees = (await t.request({ url: `/api/lms/quizzes/${quizId}/assignees`, as: author })).json() as {
      assignees: Array<{ student_id: string; name: string }>;
    };
    expect(assignees.assignees).toEqual([expect.objectContaining({ student_id: student.userId, name: 'Quinn Quizzer' })]);

    const mine = (await t.request({ url: '/api/lms/my/assigned-quizzes', as: student })).json() as { quizzes: unknown[] };
    expect(mine.quizzes).toEqual([
      {
        quiz_id: quizId,
        title: 'Homework quiz',
        course: { id: course.id, slug: course.slug, title: 'Assigned Work' },
        assigned_at: expect.any(String),
        status: null,
      },
    ]);
    expect((await t.request({ url: '/api/lms/my/assigned-quizzes', as: outsider })).json()).toEqual({ quizzes: [] });
  });

  it('refuses students outside the course, other instructors, students and other accounts', async () => {
    expect((await assign(outsider.userId)).json()).toMatchObject({ error: 'student_not_enrolled' });
    expect((await assign(student.userId, otherInstructor)).json()).toMatchObject({ error: 'not_course_author' });
    expect((await assign(outsider.userId, student)).statusCode).toBe(403);
    const ownerB = await t.createMember(b, { role: 'owner' });
    expect((await assign(student.userId, ownerB)).statusCode).toBe(404);
  });

  it("lists the quizzes of the caller's courses with their course and question count (all of them for site managers)", async () => {
    const other = (await t.request({ method: 'POST', url: '/api/lms/courses', as: otherInstructor, payload: { title: 'Someone Else' } })).json() as {
      id: string;
    };
    await t.request({ method: 'POST', url: `/api/lms/courses/${other.id}/items`, as: otherInstructor, payload: { post_type: 'quiz', title: 'Their quiz' } });
    await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quizId}/questions`,
      as: author,
      payload: { type: 'truefalse', prompt: 'Yes?', data: { correct: true } },
    });
    const mine = (await t.request({ url: '/api/lms/quizzes', as: author })).json() as {
      items: Array<{ title: string; questions: number; course: { title: string } }>;
      total: number;
    };
    expect(mine).toMatchObject({ total: 1, items: [{ title: 'Homework quiz', questions: 1, course: { title: 'Assigned Work' } }] });
    const owner = await t.createMember(a, { role: 'owner' });
    const all = (await t.request({ url: '/api/lms/quizzes?search=quiz', as: owner })).json() as { items: Array<{ title: string }>; total: number };
    expect(all.items.map((q) => q.title).sort()).toEqual(['Homework quiz', 'Their quiz']);
    expect((await t.request({ url: '/api/lms/quizzes', as: student })).statusCode).toBe(403);
  });

  it('unassigns, removing the meta row with its last entry, and drops deleted quizzes from the list', async () => {
    expect((await assign(student.userId, author, 'DELETE')).json()).toEqual({ status: true });
    expect((await assign(student.userId, author, 'DELETE')).json()).toEqual({ status: false });
    expect(await metaRows()).toEqual([]);

    await assign(student.userId);
    await t.request({ method: 'DELETE', url: `/api/lms/courses/${course.id}/items/${quizId}`, as: author });
    expect((await t.request({ url: '/api/lms/my/assigned-quizzes', as: student })).json()).toEqual({ quizzes: [] });
  });
});
