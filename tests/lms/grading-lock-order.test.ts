import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

/**
 * One lock order for everyone who changes a student's submissions: the course row (share), the
 * student's enrolment row, then the submission. A grader who locked the submission first and the
 * enrolment second (to recompute progress) deadlocked with the student resubmitting, who holds
 * the enrolment and waits for the submission: PostgreSQL then kills one of them (409 conflict).
 * Many mark/resubmit and reset/resubmit pairs run at once here; every answer must be one the
 * routes give on purpose. (The embedded database runs one transaction at a time, so only a
 * PostgreSQL run can meet the deadlock; both runs check the answers.)
 */
describe('graders and students lock in one order', () => {
  const STUDENTS = 12;
  const ROUNDS = 3;
  let t: TestKernel;
  let site: TestAccount;
  let author: TestMember;
  const students: TestMember[] = [];
  let course: { id: string; slug: string };
  let assignmentId = '';
  let quizId = '';
  let questionId = '';

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    author = await t.createMember(site, { role: 'instructor' });
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: author, payload: { title: 'Calligraphy' } });
    expect(created.statusCode, created.body).toBe(201);
    course = created.json() as { id: string; slug: string };
    const assignment = await t.request({
      method: 'POST',
      url: `/api/lms/courses/${course.id}/items`,
      as: author,
      payload: { post_type: 'assignment', title: 'Strokes', settings: { submission: 'text', max_marks: 10 } },
    });
    expect(assignment.statusCode, assignment.body).toBe(201);
    assignmentId = (assignment.json() as { id: string }).id;
    const quiz = await t.request({
      method: 'POST',
      url: `/api/lms/courses/${course.id}/items`,
      as: author,
      payload: { post_type: 'quiz', title: 'Nibs', settings: { evaluation: 'manual', retakes: 100 } },
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    quizId = (quiz.json() as { id: string }).id;
    const question = await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quizId}/questions`,
      as: author,
      payload: { type: 'essay', prompt: 'Why broad nibs?', data: {}, marks: 5 },
    });
    expect(question.statusCode, question.body).toBe(201);
    questionId = (question.json() as { id: string }).id;
    expect((await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: author, payload: {} })).statusCode).toBe(200);
    for (let i = 0; i < STUDENTS; i += 1) {
      const student = await t.createMember(site, { role: 'student' });
      const enrolled = await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: student, payload: {} });
      expect(enrolled.statusCode, enrolled.body).toBe(201);
      students.push(student);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const submit = (student: TestMember, content: string) =>
    t.request({ method: 'POST', url: `/api/lms/assignments/${assignmentId}/submission`, as: student, payload: { content } });
  /** An answer the routes give on purpose: 200, or the 409 a resubmission after marking gets. */
  const intended = (res: { statusCode: number; body: string }, allowed: string[] = []) =>
    res.statusCode === 200 || (res.statusCode === 409 && allowed.includes((JSON.parse(res.body) as { error: string }).error));

  it('marks, resets and resubmissions of assignments racing each other all answer as intended', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const submissions = await Promise.all(students.map((s) => submit(s, `Round ${round}`)));
      for (const res of submissions) expect(res.statusCode, res.body).toBe(200);
      const ids = submissions.map((res) => (res.json() as { id: string }).id);

      const marking = await Promise.all(
        students.flatMap((student, i) => [
          t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${ids[i]}/mark`, as: author, payload: { marks: 7 } }),
          submit(student, `Round ${round}, second thoughts`),
        ]),
      );
      for (const res of marking) expect(intended(res, ['assignment_marked']), `${res.statusCode} ${res.body}`).toBe(true);

      // Every submission is marked now; a reset races the next resubmission.
      const resetting = await Promise.all(
        students.flatMap((student) => [
          t.request({ method: 'DELETE', url: `/api/lms/assignments/${assignmentId}/students/${student.userId}/submission`, as: author }),
          submit(student, `Round ${round}, after the reset`),
        ]),
      );
      for (const res of resetting) expect(intended(res, ['assignment_marked']), `${res.statusCode} ${res.body}`).toBe(true);
      // Whatever the order, nothing is left half-done: clear the way for the next round.
      await Promise.all(
        students.map((s) => t.request({ method: 'DELETE', url: `/api/lms/assignments/${assignmentId}/students/${s.userId}/submission`, as: author })),
      );
    }
  });

  it('quiz resets racing the student answering and submitting all answer as intended', async () => {
    const start = (student: TestMember) => t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: student, payload: {} });
    const answer = (student: TestMember, text: string) =>
      t.request({ method: 'PUT', url: `/api/lms/quizzes/${quizId}/answers`, as: student, payload: { answers: { [questionId]: text } } });
    const submitQuiz = (student: TestMember) => t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/submit`, as: student, payload: { answers: {} } });
    const reset = (student: TestMember) => t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: author });
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const res of await Promise.all(students.map(start))) expect(res.statusCode, res.body).toBe(201);
      for (const res of await Promise.all(students.map((s) => answer(s, `Round ${round}`)))) expect(res.statusCode, res.body).toBe(200);
      // The reset deletes the open attempt the student is writing to; after it, there is none (409 quiz_not_started).
      const racing = await Promise.all(students.flatMap((student, i) => [reset(student), i % 2 === 0 ? submitQuiz(student) : answer(student, 'More')]));
      for (const res of racing) expect(intended(res, ['quiz_not_started']), `${res.statusCode} ${res.body}`).toBe(true);
      await Promise.all(students.map(reset));
    }
  });
});
