import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { lmsDb } from '../db/tables.js';
import lms from '../index.js';

/** A quiz or assignment behind a locked unit is as closed as the unit: no way around the player. */
describe('quizzes and assignments under unit lock', () => {
  let t: TestKernel;
  let a: TestAccount;
  let student: TestMember;
  let courseId: string;
  let unitId: string;
  let quizId: string;
  let assignmentId: string;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const author = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student' });
    ({ courseId, unitId, quizId, assignmentId } = await t.kernel.inAccount(a.id, async ({ db: raw }) => {
      const db = lmsDb(raw);
      const course = await db
        .insertInto('lms_courses')
        .values({
          account_id: a.id,
          title: 'Locked',
          slug: 'locked',
          author_id: author.userId,
          seats: null,
          settings: JSON.stringify({ unitLock: true }),
          published_at: new Date(),
          status: 'published',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const item = (post_type: 'unit' | 'quiz' | 'assignment', position: number, settings: Record<string, unknown> = {}) =>
        db
          .insertInto('lms_items')
          .values({ account_id: a.id, course_id: course.id, post_type, title: `${post_type} ${position}`, position, settings: JSON.stringify(settings) })
          .returning('id')
          .executeTakeFirstOrThrow();
      const unit = await item('unit', 1);
      const quiz = await item('quiz', 2);
      const assignment = await item('assignment', 3, { submission: 'text', max_marks: 10 });
      await db
        .insertInto('lms_course_students')
        .values({ account_id: a.id, course_id: course.id, student_id: student.userId, start_at: null, expiry: null, curriculum_data: '{}' })
        .execute();
      return { courseId: course.id, unitId: unit.id, quizId: quiz.id, assignmentId: assignment.id };
    }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the quiz until the unit before it is complete, then lets the student start it', async () => {
    const early = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: student, payload: {} });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ error: 'unit_locked' });
    const assignment = await t.request({
      method: 'POST',
      url: `/api/lms/assignments/${assignmentId}/submission`,
      as: student,
      payload: { content: 'My essay' },
    });
    expect(assignment.statusCode).toBe(403);

    const done = await t.request({ method: 'POST', url: `/api/lms/player/${courseId}/items/${unitId}/complete`, as: student, payload: {} });
    expect(done.statusCode, done.body).toBe(200);
    const started = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: student, payload: {} });
    expect(started.statusCode, started.body).toBeLessThan(300);
    // The assignment still waits for the quiz before it.
    expect(
      (await t.request({ method: 'POST', url: `/api/lms/assignments/${assignmentId}/submission`, as: student, payload: { content: 'My essay' } })).statusCode,
    ).toBe(403);
  });
});
