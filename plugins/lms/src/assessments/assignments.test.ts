import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { lmsDb, type LmsDb } from '../db/tables.js';
import lms from '../index.js';
import { completedAssessments } from './course-submissions.js';
import { isAssessmentComplete } from './completion.js';

interface Submission {
  id: string;
  status: number;
  marks: number | null;
  content: string;
  file_path: string | null;
}

describe('assignments', () => {
  let t: TestKernel;
  let a: TestAccount;
  let instructor: TestMember;
  let student: TestMember;
  let stranger: TestMember;
  let courseId: string;

  const inA = <T>(work: (db: LmsDb) => Promise<T>) => t.kernel.inAccount(a.id, ({ db }) => work(lmsDb(db)));
  const makeAssignment = (settings: Record<string, unknown>) =>
    inA(async (db) => {
      const row = await db
        .insertInto('lms_items')
        .values({ account_id: a.id, course_id: courseId, post_type: 'assignment', title: 'Field report', position: 2, settings: JSON.stringify(settings) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  const submit = (id: string, payload: Record<string, unknown>, as = student) =>
    t.request({ method: 'POST', url: `/api/lms/assignments/${id}/submission`, as, payload });
  const completed = () => inA((db) => completedAssessments(db, a.id, courseId, student.userId));

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    instructor = await t.createMember(a, { role: 'instructor' });
    student = await t.createMember(a, { role: 'student' });
    stranger = await t.createMember(a, { role: 'student' });
    courseId = await inA(async (db) => {
      const course = await db
        .insertInto('lms_courses')
        .values({ account_id: a.id, title: 'Geology', slug: 'geology', author_id: instructor.userId, seats: null, settings: '{}', published_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('lms_course_students')
        .values({ account_id: a.id, course_id: course.id, student_id: student.userId, start_at: null, expiry: null, curriculum_data: '{}' })
        .execute();
      return course.id;
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes a text submission, lets the student resubmit until it is marked, and counts it complete only once marked', async () => {
    const id = await makeAssignment({ submission: 'text', max_marks: 20 });
    expect((await submit(id, { content: '   ' })).json()).toMatchObject({ error: 'invalid_submission' });

    const first = await submit(id, { content: 'Granite is igneous.' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 3, marks: null, content: 'Granite is igneous.' });
    expect(isAssessmentComplete('assignment', first.json() as Submission)).toBe(false);
    expect((await completed()).has(id)).toBe(false);

    const second = (await submit(id, { content: 'Granite is an igneous rock.' })).json() as Submission;
    expect(second).toMatchObject({ id: (first.json() as Submission).id, content: 'Granite is an igneous rock.' });

    const queue = await t.request({ url: `/api/lms/courses/${courseId}/assignment-submissions`, as: instructor });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toMatchObject({ total: 1, submissions: [{ id: second.id, assignment_title: 'Field report', student_id: student.userId }] });

    expect(
      (await t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${second.id}/mark`, as: student, payload: { marks: 20 } })).statusCode,
    ).toBe(403);
    const over = await t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${second.id}/mark`, as: instructor, payload: { marks: 21 } });
    expect(over.json()).toMatchObject({ error: 'marks_out_of_range' });
    const marked = await t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${second.id}/mark`, as: instructor, payload: { marks: 15 } });
    expect(marked.json()).toMatchObject({ status: 4, marks: 15 });
    expect(isAssessmentComplete('assignment', marked.json() as Submission)).toBe(true);
    expect((await completed()).has(id)).toBe(true);

    const late = await submit(id, { content: 'One more change' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: 'assignment_marked' });
    const view = (await t.request({ url: `/api/lms/assignments/${id}`, as: student })).json() as { settings: unknown; submission: Submission };
    expect(view).toMatchObject({ settings: { submission: 'text', max_marks: 20 }, submission: { marks: 15, content: 'Granite is an igneous rock.' } });
    const empty = (await t.request({ url: `/api/lms/courses/${courseId}/assignment-submissions`, as: instructor })).json() as { total: number };
    expect(empty.total).toBe(0);

    // Reset: the submission goes, the assignment is no longer complete, and the student may submit again.
    const reset = await t.request({ method: 'DELETE', url: `/api/lms/assignments/${id}/students/${student.userId}/submission`, as: instructor });
    expect(reset.json()).toEqual({ status: true, deleted: 1 });
    expect((await completed()).has(id)).toBe(false);
    expect(((await t.request({ url: `/api/lms/assignments/${id}`, as: student })).json() as { submission: unknown }).submission).toBeNull();
    expect((await submit(id, { content: 'Fresh start' })).statusCode).toBe(200);
  });

  it("takes the student's own file in the texts bucket for file assignments and refuses other paths", async () => {
    const id = await makeAssignment({ submission: 'file', max_marks: 10 });
    expect((await submit(id, { content: 'no file' })).statusCode).toBe(400);
    expect((await submit(id, { file_path: 'avatars/someone/avatar.jpg' })).statusCode).toBe(400);
    expect((await submit(id, { file_path: 'texts/../secrets.txt' })).statusCode).toBe(400);
    // Only the student's own file (as the student screen uploads it) may be named.
    const theirs = await submit(id, { file_path: `assignments/${id}_${stranger.userId}.txt` });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ error: 'submission_file_not_own' });
    expect((await submit(id, { file_path: `assignments/${id}.txt` })).json()).toMatchObject({ error: 'submission_file_not_own' });
    const ok = await submit(id, { file_path: `assignments/${id}_${student.userId}.txt` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 3, file_path: `texts/assignments/${id}_${student.userId}.txt`, marks: null });
  });

  it('refuses students who are not enrolled, and other sites cannot reach the assignment', async () => {
    const id = await makeAssignment({});
    const refused = await submit(id, { content: 'Let me in' }, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'not_enrolled' });
    const b = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const ownerB = await t.createMember(b, { role: 'owner' });
    expect((await t.request({ url: `/api/lms/assignments/${id}`, as: ownerB })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/lms/courses/${courseId}/assignment-submissions`, as: ownerB })).statusCode).toBe(404);
  });
});
