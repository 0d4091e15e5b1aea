import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

/**
 * SPEC §7 POST /api/upload/text writes unit, quiz and assignment texts. Who may write which file is
 * the LMS's answer to the kernel's `storage.textUpload` question: units and quizzes their course's
 * authors (and managers), an assignment file `{assignmentId}_{studentId}` only that student, under
 * the submission's rules (a file assignment, open in the player, not marked yet) — and a
 * submission may only name that own file.
 */
describe('text uploads and file submissions belong to their course and student', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let author: TestMember;
  let otherInstructor: TestMember;
  let student: TestMember;
  let classmate: TestMember;
  let outsider: TestMember;
  let course: { id: string; slug: string };
  const ids: Record<'unit' | 'quiz' | 'assignment', string> = { unit: '', quiz: '', assignment: '' };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    author = await t.createMember(site, { role: 'instructor' });
    otherInstructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
    classmate = await t.createMember(site, { role: 'student' });
    outsider = await t.createMember(site, { role: 'student' });
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: author, payload: { title: 'Bookbinding' } });
    expect(created.statusCode, created.body).toBe(201);
    course = created.json() as { id: string; slug: string };
    for (const [post_type, settings] of [
      ['unit', {}],
      ['quiz', {}],
      ['assignment', { submission: 'file', max_marks: 10 }],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: `/api/lms/courses/${course.id}/items`,
        as: author,
        payload: { post_type, title: post_type, settings },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[post_type] = (res.json() as { id: string }).id;
    }
    expect((await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: author, payload: {} })).statusCode).toBe(200);
    for (const member of [student, classmate]) {
      expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: member, payload: {} })).statusCode).toBe(201);
    }
    // The unit before the assignment is done, so the assignment is open to submit.
    for (const member of [student, classmate]) {
      expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${ids.unit}/complete`, as: member, payload: {} })).statusCode).toBe(
        200,
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** multipart {file, info: {path, account_id}} as the dashboard's uploader sends it. */
  function upload(as: TestMember, path: string, text = 'Some text') {
    const boundary = 'lectern-test-boundary';
    const body = [
      `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n${JSON.stringify({ path, account_id: site.id })}\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="text.txt"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    return t.request({ method: 'POST', url: '/api/upload/text', as, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
  }
  const fileOf = (assignmentId: string, member: TestMember) => `assignments/${assignmentId}_${member.userId}.txt`;

  it("refuses a student's upload of a unit or quiz text, and takes the course author's and the owner's", async () => {
    for (const kind of ['units', 'quiz'] as const) {
      const path = `${kind}/${kind === 'units' ? ids.unit : ids.quiz}.txt`;
      expect((await upload(student, path)).statusCode, `student ${path}`).toBe(403);
      expect((await upload(otherInstructor, path)).statusCode, `another instructor ${path}`).toBe(403);
      const byAuthor = await upload(author, path);
      expect(byAuthor.statusCode, byAuthor.body).toBe(200);
      expect(byAuthor.json()).toMatchObject({ data: { path, fullPath: `texts/${path}` } });
      expect((await upload(owner, path)).statusCode, `owner ${path}`).toBe(200);
    }
    // A unit id that is not a unit of this site is nobody's to write but a manager's.
    expect((await upload(author, `units/${ids.quiz}.txt`)).statusCode).toBe(403);
    expect((await upload(author, 'units/not-a-unit.txt')).statusCode).toBe(403);
  });

  it("takes a student's own assignment file and refuses another student's path", async () => {
    const own = await upload(student, fileOf(ids.assignment, student), 'My binding notes');
    expect(own.statusCode, own.body).toBe(200);
    expect((await upload(student, fileOf(ids.assignment, classmate))).statusCode).toBe(403);
    // The shared SPEC-shaped name would let students overwrite each other: not theirs either.
    expect((await upload(student, `assignments/${ids.assignment}.txt`)).statusCode).toBe(403);
    // Not even the course's author writes a student's file, and a member not enrolled has none.
    expect((await upload(author, fileOf(ids.assignment, student))).statusCode).toBe(403);
    expect((await upload(outsider, fileOf(ids.assignment, outsider))).statusCode).toBe(403);
    // The classmate's file is untouched: theirs to write.
    expect((await upload(classmate, fileOf(ids.assignment, classmate), "Classmate's notes")).statusCode).toBe(200);
  });

  it("lets a submission name only the student's own file", async () => {
    const submit = (as: TestMember, file_path: string) =>
      t.request({ method: 'POST', url: `/api/lms/assignments/${ids.assignment}/submission`, as, payload: { file_path } });
    const theirs = await submit(student, fileOf(ids.assignment, classmate));
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json()).toMatchObject({ error: 'submission_file_not_own', statusCode: 403 });
    expect((await submit(student, `texts/${fileOf(ids.assignment, classmate)}`)).json()).toMatchObject({ error: 'submission_file_not_own' });
    expect((await submit(student, 'avatars/x/avatar.jpg')).json()).toMatchObject({ error: 'invalid_submission', statusCode: 400 });
    const mine = await submit(student, fileOf(ids.assignment, student));
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: 3, file_path: `texts/${fileOf(ids.assignment, student)}` });
  });

  /** The stored text, as the course's author reads it to grade. */
  async function storedText(path: string): Promise<string> {
    const res = await t.request({ url: `/storage/v1/object/authenticated/texts/${path}`, as: author });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  }
  const submitFile = (as: TestMember, assignmentId: string) =>
    t.request({ method: 'POST', url: `/api/lms/assignments/${assignmentId}/submission`, as, payload: { file_path: fileOf(assignmentId, as) } });

  it("keeps a marked submission's file: no replacing it once graded, as the submission itself", async () => {
    const path = fileOf(ids.assignment, classmate);
    expect((await upload(classmate, path, 'First draft')).statusCode).toBe(200);
    const submitted = await submitFile(classmate, ids.assignment);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Until it is marked the student may change the file and resubmit, as the submission route allows.
    expect((await upload(classmate, path, 'Second draft')).statusCode).toBe(200);
    const { id } = submitted.json() as { id: string };
    const marked = await t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${id}/mark`, as: author, payload: { marks: 8 } });
    expect(marked.statusCode, marked.body).toBe(200);

    const late = await upload(classmate, path, 'Different work entirely');
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ error: 'assignment_marked', statusCode: 409 });
    expect(await storedText(path)).toBe('Second draft');

    // A reset gives the student a fresh start, file included.
    const reset = await t.request({ method: 'DELETE', url: `/api/lms/assignments/${ids.assignment}/students/${classmate.userId}/submission`, as: author });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await upload(classmate, path, 'Third draft')).statusCode).toBe(200);
    expect(await storedText(path)).toBe('Third draft');
  });

  it('takes a file only for a file assignment the player shows open to the student', async () => {
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: author, payload: { title: 'Gilding', settings: { unitLock: true } } });
    expect(created.statusCode, created.body).toBe(201);
    const locked = created.json() as { id: string; slug: string };
    const item = async (post_type: string, settings: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: `/api/lms/courses/${locked.id}/items`,
        as: author,
        payload: { post_type, title: post_type, settings },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const unit = await item('unit', {});
    const fileAssignment = await item('assignment', { submission: 'file', max_marks: 10 });
    const textAssignment = await item('assignment', { submission: 'text', max_marks: 10 });
    expect((await t.request({ method: 'POST', url: `/api/lms/courses/${locked.id}/publish`, as: author, payload: {} })).statusCode).toBe(200);
    const learner = await t.createMember(site, { role: 'student' });
    expect((await t.request({ method: 'POST', url: `/api/lms/player/${locked.slug}/enrol`, as: learner, payload: {} })).statusCode).toBe(201);

    // Behind the unit the student has not finished: refused like the submission would be.
    const early = await upload(learner, fileOf(fileAssignment, learner));
    expect(early.statusCode, early.body).toBe(403);
    expect(early.json()).toMatchObject({ error: 'unit_locked' });
    expect((await submitFile(learner, fileAssignment)).json()).toMatchObject({ error: 'unit_locked' });

    expect((await t.request({ method: 'POST', url: `/api/lms/player/${locked.id}/items/${unit}/complete`, as: learner, payload: {} })).statusCode).toBe(200);
    expect((await upload(learner, fileOf(fileAssignment, learner))).statusCode).toBe(200);

    // An assignment answered with text takes no file.
    const text = await upload(learner, fileOf(textAssignment, learner));
    expect(text.statusCode, text.body).toBe(400);
    expect(text.json()).toMatchObject({ error: 'invalid_submission' });
  });
});
