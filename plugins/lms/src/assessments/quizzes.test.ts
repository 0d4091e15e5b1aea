import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { lmsDb, type LmsDb } from '../db/tables.js';
import lms from '../index.js';

interface QuizView {
  current: { id: string; attempt: number; status: number; deadline: string | null; expired: boolean } | null;
  questions: Array<Record<string, unknown>>;
  attempts_used: number;
  attempts_allowed: number;
}
interface Result {
  id: string;
  attempt: number;
  status: number;
  late: boolean;
  marks: number | null;
  total_marks: number | null;
  percent: number | null;
  passed: boolean | null;
  questions: Array<{ id: string; awarded: number; outcome: string }>;
}

describe('quizzes', () => {
  let t: TestKernel;
  let a: TestAccount;
  let author: TestMember;
  let otherInstructor: TestMember;
  let owner: TestMember;
  let student: TestMember;
  let stranger: TestMember;
  let courseId: string;

  const inA = <T>(work: (db: LmsDb) => Promise<T>) => t.kernel.inAccount(a.id, ({ db }) => work(lmsDb(db)));

  /** A quiz item in the course, with the given settings (the curriculum editor is another module's). */
  const makeQuiz = (settings: Record<string, unknown>) =>
    inA(async (db) => {
      const row = await db
        .insertInto('lms_items')
        .values({ account_id: a.id, course_id: courseId, post_type: 'quiz', title: 'Capitals', position: 1, settings: JSON.stringify(settings) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  const addQuestion = async (quizId: string, payload: Record<string, unknown>, as = author) => {
    const res = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/questions`, as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const start = (quizId: string, as = student) => t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as, payload: {} });
  const submit = (quizId: string, answers: Record<string, unknown>, as = student) =>
    t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/submit`, as, payload: { answers } });
  const results = async (quizId: string, as = student) => {
    const res = await t.request({ url: `/api/lms/quizzes/${quizId}/results`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { attempts: Result[]; attempts_used: number };
  };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    author = await t.createMember(a, { role: 'instructor' });
    otherInstructor = await t.createMember(a, { role: 'instructor' });
    owner = await t.createMember(a, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
    stranger = await t.createMember(a, { role: 'student' });
    courseId = await inA(async (db) => {
      const course = await db
        .insertInto('lms_courses')
        .values({ account_id: a.id, title: 'Geography', slug: 'geography', author_id: author.userId, seats: null, settings: '{}', published_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('lms_course_authors').values({ account_id: a.id, course_id: course.id, author_id: author.userId }).execute();
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

  it('lets course authors and site managers build a question bank of every type, and no one else', async () => {
    const quizId = await makeQuiz({});
    const payloads = [
      { type: 'single', prompt: 'Capital of France?', data: { options: ['Lyon', 'Paris'], correct: 1 }, marks: 2 },
      { type: 'multiple', prompt: 'Which are in Europe?', data: { options: ['Spain', 'Peru', 'Italy'], correct: [0, 2] } },
      { type: 'truefalse', prompt: 'Madrid is in Spain', data: { correct: true } },
      { type: 'fill', prompt: 'The capital of Italy is ___', data: { answers: ['Rome', 'Roma'] } },
      {
        type: 'match',
        prompt: 'Match',
        data: {
          pairs: [
            { left: 'Japan', right: 'Tokyo' },
            { left: 'Kenya', right: 'Nairobi' },
          ],
        },
      },
      { type: 'order', prompt: 'Smallest first', data: { items: ['Monaco', 'Belgium', 'France'] } },
      { type: 'essay', prompt: 'Describe the Alps', data: { max_words: 300 }, marks: 10 },
    ];
    const ids: string[] = [];
    for (const payload of payloads) ids.push(await addQuestion(quizId, payload));
    await addQuestion(quizId, { type: 'truefalse', prompt: 'Owners may add too', data: { correct: false } }, owner);

    const list = await t.request({ url: `/api/lms/quizzes/${quizId}/questions`, as: author });
    expect(list.statusCode).toBe(200);
    const bank = list.json() as { questions: Array<{ id: string; type: string; data: Record<string, unknown> }>; total_marks: number };
    expect(bank.questions.map((q) => q.type)).toEqual(['single', 'multiple', 'truefalse', 'fill', 'match', 'order', 'essay', 'truefalse']);
    expect(bank.questions[0]?.data).toEqual({ options: ['Lyon', 'Paris'], correct: 1 });
    expect(bank.total_marks).toBe(2 + 1 + 1 + 1 + 1 + 1 + 10 + 1);

    // Data that does not fit its type, or points outside its options, is refused.
    const wrongShape = await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quizId}/questions`,
      as: author,
      payload: { type: 'single', prompt: 'x', data: { correct: true } },
    });
    expect(wrongShape.statusCode).toBe(400);
    const outside = await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quizId}/questions`,
      as: author,
      payload: { type: 'single', prompt: 'x', data: { options: ['a', 'b'], correct: 3 } },
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ error: 'invalid_question' });

    // Another instructor (not an author of this course) and students may not touch it.
    const notAuthor = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/questions`, as: otherInstructor, payload: payloads[2] });
    expect(notAuthor.statusCode).toBe(403);
    expect(notAuthor.json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ url: `/api/lms/quizzes/${quizId}/questions`, as: student })).statusCode).toBe(403);

    // Update, reorder, delete.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/lms/quizzes/${quizId}/questions/${ids[2]}`,
      as: author,
      payload: { prompt: 'Madrid is the capital of Spain', marks: 3 },
    });
    expect(changed.json()).toMatchObject({ prompt: 'Madrid is the capital of Spain', marks: 3, type: 'truefalse', data: { correct: true } });
    const retyped = await t.request({ method: 'PUT', url: `/api/lms/quizzes/${quizId}/questions/${ids[2]}`, as: author, payload: { type: 'single' } });
    expect(retyped.statusCode).toBe(400);
    const reversed = [...bank.questions.map((q) => q.id)].reverse();
    const reordered = await t.request({ method: 'PUT', url: `/api/lms/quizzes/${quizId}/question-order`, as: author, payload: { ids: reversed } });
    expect((reordered.json() as { questions: Array<{ id: string }> }).questions.map((q) => q.id)).toEqual(reversed);
    const partial = await t.request({ method: 'PUT', url: `/api/lms/quizzes/${quizId}/question-order`, as: author, payload: { ids: reversed.slice(1) } });
    expect(partial.statusCode).toBe(400);
    const removed = await t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/questions/${ids[0]}`, as: author });
    expect(removed.statusCode).toBe(200);
    const after = (await t.request({ url: `/api/lms/quizzes/${quizId}/questions`, as: author })).json() as { questions: unknown[] };
    expect(after.questions).toHaveLength(7);
  });

  it('marks an automatic quiz at once and shows the student results, never the answers', async () => {
    const quizId = await makeQuiz({ passing_mark: 60 });
    const single = await addQuestion(quizId, { type: 'single', prompt: 'Capital of France?', data: { options: ['Lyon', 'Paris'], correct: 1 }, marks: 2 });
    const multiple = await addQuestion(quizId, {
      type: 'multiple',
      prompt: 'In Europe?',
      data: { options: ['Spain', 'Peru', 'Italy'], correct: [0, 2] },
      marks: 2,
    });
    const fill = await addQuestion(quizId, { type: 'fill', prompt: 'Capital of Italy', data: { answers: ['Zanzibar-Rome'] } });
    const order = await addQuestion(quizId, { type: 'order', prompt: 'Smallest first', data: { items: ['Monaco', 'Belgium', 'France'] } });

    const before = (await t.request({ url: `/api/lms/quizzes/${quizId}`, as: student })).json() as QuizView;
    expect(before.current).toBeNull();
    expect(before.questions).toEqual([]);

    const started = await start(quizId);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.body).not.toContain('Zanzibar-Rome');
    expect(started.body).not.toContain('"correct"');
    const view = started.json() as QuizView;
    expect(view.current).toMatchObject({ attempt: 1, status: 1, deadline: null });
    expect(view.questions.find((q) => q.id === order)?.items).toEqual(['Belgium', 'France', 'Monaco']);
    expect(view.questions.find((q) => q.id === single)?.options).toEqual(['Lyon', 'Paris']);

    const res = await submit(quizId, { [single]: 1, [multiple]: [0], [fill]: 'zanzibar-rome', [order]: ['Monaco', 'France', 'Belgium'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('Zanzibar-Rome');
    const result = res.json() as Result;
    // 2 (single) + 1 (half of multiple) + 1 (fill) + 0 (order) of 6.
    expect(result).toMatchObject({ status: 4, marks: 4, total_marks: 6, percent: 66, passed: true, late: false });
    expect(Object.fromEntries(result.questions.map((q) => [q.id, q.outcome]))).toEqual({
      [single]: 'correct',
      [multiple]: 'partial',
      [fill]: 'correct',
      [order]: 'wrong',
    });

    const listed = await results(quizId);
    expect(listed.attempts[0]).toMatchObject({ attempt: 1, status: 4, marks: 4, passed: true });
    // No retakes by default: a second start is refused.
    const again = await start(quizId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'quiz_no_retakes' });
  });

  it('allows exactly 1 + retakes attempts, and resumes an open attempt instead of starting another', async () => {
    const quizId = await makeQuiz({ retakes: 1, passing_mark: 100 });
    const tf = await addQuestion(quizId, { type: 'truefalse', prompt: 'Earth is round', data: { correct: true } });
    expect((await start(quizId)).statusCode).toBe(201);
    const resumed = await start(quizId);
    expect(resumed.statusCode).toBe(200);
    expect((resumed.json() as QuizView).current?.attempt).toBe(1);
    expect(((await submit(quizId, { [tf]: false })).json() as Result).passed).toBe(false);

    const retake = await start(quizId);
    expect(retake.statusCode).toBe(201);
    expect(retake.json() as QuizView).toMatchObject({ attempts_used: 2, attempts_allowed: 2, current: { attempt: 2 } });
    expect(((await submit(quizId, { [tf]: true })).json() as Result).passed).toBe(true);
    expect((await start(quizId)).statusCode).toBe(409);
    const listed = await results(quizId);
    expect(listed.attempts.map((x) => [x.attempt, x.passed])).toEqual([
      [2, true],
      [1, false],
    ]);

    // A reset by an instructor deletes the attempts: the student starts over at attempt 1.
    expect((await t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: student })).statusCode).toBe(403);
    const reset = await t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: author });
    expect(reset.json()).toEqual({ status: true, deleted: 2 });
    expect((await results(quizId)).attempts).toEqual([]);
    expect(((await start(quizId)).json() as QuizView).current?.attempt).toBe(1);
  });

  it('opens a single attempt however many starts arrive at once', async () => {
    const quizId = await makeQuiz({ retakes: 3 });
    await addQuestion(quizId, { type: 'truefalse', prompt: 'Once?', data: { correct: true } });
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(quizId)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array.from({ length: 19 }, () => 200), 201]);
    expect((await results(quizId)).attempts_used).toBe(1);
  });

  it('does not count answers sent after the time limit and its grace', async () => {
    const quizId = await makeQuiz({ time_limit: 60 });
    const tf = await addQuestion(quizId, { type: 'truefalse', prompt: 'Water is wet', data: { correct: true } });
    const started = (await start(quizId)).json() as QuizView;
    expect(started.current?.deadline).not.toBeNull();
    // 80 s after the start: past the 60 s limit but within the 30 s grace, so it counts.
    await inA((db) =>
      db
        .updateTable('lms_quiz_submissions')
        .set({ started_at: new Date(Date.now() - 80_000) })
        .where('id', '=', started.current?.id ?? '')
        .execute(),
    );
    expect((await submit(quizId, { [tf]: true })).json() as Result).toMatchObject({ marks: 1, late: false });

    // Answers saved in time (status 2) count; those sent after the limit and its grace do not.
    const reset = () => t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: owner });
    const backdate = (id: string | undefined, ms: number) =>
      inA((db) =>
        db
          .updateTable('lms_quiz_submissions')
          .set({ started_at: new Date(Date.now() - ms) })
          .where('id', '=', id ?? '')
          .execute(),
      );
    const save = (answers: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/lms/quizzes/${quizId}/answers`, as: student, payload: { answers } });
    await reset();
    const second = (await start(quizId)).json() as QuizView;
    const saved = await save({ [tf]: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ current: { status: 2 }, answers: { [tf]: true } });
    await backdate(second.current?.id, 120_000);
    const view = (await t.request({ url: `/api/lms/quizzes/${quizId}`, as: student })).json() as QuizView;
    expect(view.current?.expired).toBe(true);
    expect((await save({ [tf]: false })).json()).toMatchObject({ error: 'quiz_time_up' });
    expect((await submit(quizId, { [tf]: false })).json()).toMatchObject({ status: 4, marks: 1, late: true });

    await reset();
    const third = (await start(quizId)).json() as QuizView;
    await backdate(third.current?.id, 120_000);
    expect((await submit(quizId, { [tf]: true })).json()).toMatchObject({ status: 4, marks: 0, late: true });
  });

  it('leaves essays for the instructor: status 3, no marks shown, then evaluated to 4', async () => {
    const quizId = await makeQuiz({ passing_mark: 50 });
    const tf = await addQuestion(quizId, { type: 'truefalse', prompt: 'Rivers flow', data: { correct: true }, marks: 2 });
    const essay = await addQuestion(quizId, { type: 'essay', prompt: 'Why?', data: {}, marks: 8 });
    await start(quizId);
    const submitted = (await submit(quizId, { [tf]: true, [essay]: 'Because of gravity.' })).json() as Result;
    expect(submitted).toMatchObject({ status: 3, marks: null, passed: null, questions: [] });
    expect((await start(quizId)).json()).toMatchObject({ error: 'quiz_awaiting_evaluation' });

    const queue = await t.request({ url: `/api/lms/courses/${courseId}/quiz-submissions?limit=10`, as: author });
    expect(queue.statusCode).toBe(200);
    const entries = (queue.json() as { submissions: Array<{ id: string; quiz_id: string; student_id: string }>; total: number }).submissions.filter(
      (s) => s.quiz_id === quizId,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.student_id).toBe(student.userId);
    const submissionId = entries[0]?.id ?? '';
    expect((await t.request({ url: `/api/lms/courses/${courseId}/quiz-submissions`, as: student })).statusCode).toBe(403);

    const detail = (await t.request({ url: `/api/lms/quiz-submissions/${submissionId}`, as: author })).json() as {
      questions: Array<{ id: string; response: unknown }>;
    };
    expect(detail.questions.find((q) => q.id === essay)?.response).toBe('Because of gravity.');

    // Instructors of other courses may not grade this one.
    const foreign = await t.request({
      method: 'POST',
      url: `/api/lms/quiz-submissions/${submissionId}/evaluate`,
      as: otherInstructor,
      payload: { marks: { [essay]: 8 } },
    });
    expect(foreign.json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ url: `/api/lms/courses/${courseId}/quiz-submissions`, as: otherInstructor })).statusCode).toBe(403);

    const missing = await t.request({ method: 'POST', url: `/api/lms/quiz-submissions/${submissionId}/evaluate`, as: author, payload: { marks: {} } });
    expect(missing.json()).toMatchObject({ error: 'essay_marks_missing' });
    const tooMany = await t.request({
      method: 'POST',
      url: `/api/lms/quiz-submissions/${submissionId}/evaluate`,
      as: author,
      payload: { marks: { [essay]: 9 } },
    });
    expect(tooMany.statusCode).toBe(400);
    const evaluated = await t.request({
      method: 'POST',
      url: `/api/lms/quiz-submissions/${submissionId}/evaluate`,
      as: author,
      payload: { marks: { [essay]: 4 } },
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(evaluated.json()).toMatchObject({ status: 4, marks: 6 });

    const after = (await results(quizId)).attempts[0];
    expect(after).toMatchObject({ status: 4, marks: 6, total_marks: 10, percent: 60, passed: true });
    expect(after?.questions.find((q) => q.id === essay)).toMatchObject({ awarded: 4, outcome: 'partial' });
    const left = (await t.request({ url: `/api/lms/courses/${courseId}/quiz-submissions`, as: author })).json() as { submissions: Array<{ quiz_id: string }> };
    expect(left.submissions.filter((s) => s.quiz_id === quizId)).toEqual([]);
  });

  it('keeps manual quizzes at status 3 even without essays', async () => {
    const quizId = await makeQuiz({ evaluation: 'manual' });
    const tf = await addQuestion(quizId, { type: 'truefalse', prompt: 'Snow is cold', data: { correct: true } });
    await start(quizId);
    expect(((await submit(quizId, { [tf]: true })).json() as Result).status).toBe(3);
  });

  it('recalculates the student’s course progress when a submission completes the quiz, and again on reset', async () => {
    const { course, quizId } = await inA(async (db) => {
      const c = await db
        .insertInto('lms_courses')
        .values({ account_id: a.id, title: 'Maps', slug: 'maps', author_id: author.userId, seats: null, settings: '{}', published_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('lms_items')
        .values({ account_id: a.id, course_id: c.id, post_type: 'unit', title: 'Reading maps', position: 0, settings: '{}' })
        .execute();
      const quiz = await db
        .insertInto('lms_items')
        .values({ account_id: a.id, course_id: c.id, post_type: 'quiz', title: 'Map quiz', position: 1, settings: JSON.stringify({ evaluation: 'manual' }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('lms_course_students')
        .values({ account_id: a.id, course_id: c.id, student_id: student.userId, start_at: null, expiry: null, curriculum_data: '{}' })
        .execute();
      return { course: c.id, quizId: quiz.id };
    });
    const progress = () =>
      inA(
        async (db) =>
          (
            await db
              .selectFrom('lms_course_students')
              .select('progress')
              .where('course_id', '=', course)
              .where('student_id', '=', student.userId)
              .executeTakeFirstOrThrow()
          ).progress,
      );
    const tf = await addQuestion(quizId, { type: 'truefalse', prompt: 'North is up', data: { correct: true } });
    await start(quizId);
    expect(await progress()).toBe(0);
    // Submitted for evaluation (status 3) already counts: 1 of 2 items.
    expect(((await submit(quizId, { [tf]: true })).json() as Result).status).toBe(3);
    expect(await progress()).toBe(50);
    await t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: author });
    expect(await progress()).toBe(0);
  });

  it('refuses students who are not enrolled and answers 404 for other sites’ quizzes', async () => {
    const quizId = await makeQuiz({});
    await addQuestion(quizId, { type: 'truefalse', prompt: 'Yes?', data: { correct: true } });
    const refused = await start(quizId, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'not_enrolled' });
    expect((await t.request({ url: `/api/lms/quizzes/${quizId}`, as: stranger })).statusCode).toBe(403);

    const b = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const ownerB = await t.createMember(b, { role: 'owner' });
    expect((await t.request({ url: `/api/lms/quizzes/${quizId}/questions`, as: ownerB })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: ownerB, payload: {} })).statusCode).toBe(404);

    const off = await t.createAccount({ plan: 'professional', features: [] });
    const ownerOff = await t.createMember(off, { role: 'owner' });
    expect((await t.request({ url: `/api/lms/quizzes/${quizId}/questions`, as: ownerOff })).statusCode).toBe(404);
  });
});
