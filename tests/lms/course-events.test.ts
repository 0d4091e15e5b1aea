import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';
import { PDFDocument } from 'pdf-lib';
import { decoded } from '../notifications/helpers.js';
import { SmtpCapture } from '../support/smtp-capture.js';
import { LMS_TOUCHPOINTS, startMailKernel, stopMailKernel } from '../support/touchpoint-kernel.js';
import { runActions } from '../automation/manual-run.js';

const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(decoded(raw))?.[1]?.trim();

describe('course events: touchpoints, certificates, reviews and automation', () => {
  const smtp = new SmtpCapture();
  let t: TestKernel;
  let site: TestAccount;
  let plain: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let student: TestMember;
  let other: TestMember;
  let triggers: RecordedTriggers;

  beforeAll(async () => {
    // The real default theme draws the public certificate check, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await startMailKernel(smtp, { plugins: [lms], themes: { site: theme } });
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount({ plan: 'professional', features: ['lms', 'certificates'], name: 'Events Academy' });
    plain = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    instructor = await t.createMember(site, { role: 'instructor', name: 'Ines Instructor', email: 'ines@events.test' });
    student = await t.createMember(site, { role: 'student', name: 'Stella Student', email: 'stella@events.test' });
    other = await t.createMember(site, { role: 'student', name: 'Otto Other', email: 'otto@events.test' });
    for (const key of LMS_TOUCHPOINTS) {
      const res = await t.request({ method: 'PUT', url: `/api/account/touchpoints/${key}`, as: owner, payload: { email: true, notification: true } });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(() => stopMailKernel(t, smtp));

  async function makeCourse(
    title: string,
    items: Array<[string, 'unit' | 'quiz' | 'assignment', Record<string, unknown>?]>,
    on: TestAccount = site,
    as: TestMember = instructor,
  ) {
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', account: on, as, payload: { title } });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json() as { id: string; slug: string };
    const ids: Record<string, string> = {};
    for (const [name, post_type, settings] of items) {
      const res = await t.request({
        method: 'POST',
        url: `/api/lms/courses/${course.id}/items`,
        account: on,
        as,
        payload: { post_type, title: name, ...(settings ? { settings } : {}) },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = (res.json() as { id: string }).id;
    }
    const published = await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, account: on, as, payload: {} });
    expect(published.statusCode, published.body).toBe(200);
    return { ...course, ids };
  }

  const mailTo = async (member: TestMember, after: number, subject: string) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = smtp.messages.slice(after).find((m) => m.to.includes(member.email) && subjectOf(m.raw) === subject);
      if (found !== undefined) return decoded(found.raw);
      if (Date.now() > deadline)
        throw new Error(
          `no mail "${subject}" to ${member.email}; got ${smtp.messages
            .slice(after)
            .map((m) => `${m.to.join()}: ${subjectOf(m.raw)}`)
            .join(' | ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const notificationTitles = async (member: TestMember) =>
    (
      (await t.request({ url: '/api/notifications?limit=50', as: member })).json() as { notifications: Array<{ title: string; component: string }> }
    ).notifications
      .filter((n) => n.component === 'lms')
      .map((n) => n.title);

  it('tells the student and the instructor of each step of a course, and issues a verifiable certificate on evaluation', async () => {
    const course = await makeCourse('Pottery Basics', [['Clay', 'unit']]);
    const seen = smtp.messages.length;

    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: student, payload: {} })).statusCode).toBe(201);
    expect(await mailTo(student, seen, 'Welcome to Pottery Basics')).toContain('/dashboard/courses/pottery-basics');
    expect(await mailTo(instructor, seen, 'New student in Pottery Basics')).toContain('Stella Student subscribed to your course Pottery Basics.');

    const status = (value: number) =>
      t.request({ method: 'PUT', url: `/api/lms/roster/${course.id}/${student.userId}/status`, as: instructor, payload: { status: value } });
    expect((await status(2)).json()).toMatchObject({ message: 'courses.courseStatusUpdated', enrolment: { status: 2 } });
    expect(await mailTo(student, seen, 'Pottery Basics has started')).toContain('Ines Instructor started the course Pottery Basics for you.');
    expect(await mailTo(student, seen, 'Your status in Pottery Basics changed')).toContain('is now started');

    const reset = await t.request({ method: 'POST', url: `/api/lms/roster/${course.id}/${student.userId}/reset`, as: instructor, payload: {} });
    expect(reset.statusCode, reset.body).toBe(200);
    await mailTo(student, seen, 'Pottery Basics was reset');

    // The student completes the unit and finishes: manual evaluation asks the instructor.
    expect(
      (await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${course.ids.Clay}/complete`, as: student, payload: {} })).statusCode,
    ).toBe(200);
    const finished = await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });
    expect(finished.json()).toMatchObject({ enrolment: { status: 3 } });
    await mailTo(instructor, seen, 'Stella Student submitted Pottery Basics');
    // Finishing again changes nothing and tells no one again.
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: student, payload: {} });

    // No certificate before the evaluation.
    expect((await t.request({ url: `/api/lms/player/${course.id}/certificate`, as: student })).json()).toMatchObject({ error: 'certificate_not_found' });
    await status(4);
    await mailTo(student, seen, 'Pottery Basics was evaluated');
    const earned = await mailTo(student, seen, 'Your certificate for Pottery Basics');
    const code = /\/certificate\/([A-Z0-9-]+)/.exec(earned)?.[1];
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(smtp.messages.slice(seen).filter((m) => subjectOf(m.raw) === 'Stella Student submitted Pottery Basics')).toHaveLength(1);
    expect(await notificationTitles(student)).toEqual(expect.arrayContaining(['Welcome to Pottery Basics', 'Your certificate for Pottery Basics']));

    // The PDF: a real one-page document naming the course, only for the student who earned it.
    const pdf = await t.request({ url: `/api/lms/player/${course.slug}/certificate`, as: student });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="certificate-pottery-basics.pdf"');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe('Certificate: Pottery Basics');
    expect(document.getSubject()).toBe('Stella Student completed Pottery Basics');
    expect((await t.request({ url: `/api/lms/player/${course.slug}/certificate`, as: other })).statusCode).toBe(404);

    // Anyone checks it by its code, on the API and on the site; codes are not case-sensitive.
    const check = await t.request({ url: `/api/lms/public/certificates/${code!.toLowerCase()}`, account: site });
    expect(check.json()).toMatchObject({ code, student_name: 'Stella Student', course_title: 'Pottery Basics' });
    const page = await t.request({ url: `/certificate/${code}`, account: site });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-testid="certificate-student">Stella Student<');
    expect(page.body).toContain('noindex');
    expect((await t.request({ url: '/certificate/AAAA-BBBB-CCCC', account: site })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/lms/public/certificates/${code}`, account: plain })).statusCode).toBe(404);

    // Only members of the site become its students: another site's user is refused, and hears nothing.
    const stranger = await t.createMember(plain, { role: 'student', email: 'stranger@elsewhere.test' });
    expect((await t.request({ method: 'POST', url: `/api/lms/roster/${course.id}/${stranger.userId}`, as: instructor, payload: {} })).json()).toEqual({
      status: 0,
    });

    // A second evaluation keeps the one certificate.
    await status(3);
    await status(4);
    const again = await t.request({ url: `/api/lms/player/${course.slug}/certificate`, as: student });
    expect(again.statusCode).toBe(200);
    expect(smtp.messages.slice(seen).filter((m) => subjectOf(m.raw) === 'Your certificate for Pottery Basics')).toHaveLength(1);
    expect(smtp.messages.some((m) => m.to.includes('stranger@elsewhere.test'))).toBe(false);

    // A certificate outlives its course: deleting the course keeps its public check.
    expect((await t.request({ method: 'DELETE', url: `/api/lms/courses/${course.id}`, as: owner })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/lms/public/certificates/${code}`, account: site })).json()).toMatchObject({ course_title: 'Pottery Basics' });
  });

  it('issues no certificate where the certificates add-on is off', async () => {
    const plainOwner = await t.createMember(plain, { role: 'owner' });
    const learner = await t.createMember(plain, { role: 'student' });
    const course = await makeCourse('Plain Course', [['Only', 'unit']], plain, plainOwner);
    await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: plainOwner, payload: { settings: { evaluation: 'auto' } } });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: learner, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${course.ids.Only}/complete`, as: learner, payload: {} });
    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/finish`, as: learner, payload: {} })).json()).toMatchObject({
      enrolment: { status: 4 },
    });
    expect((await t.request({ url: `/api/lms/player/${course.id}/certificate`, as: learner })).statusCode).toBe(404);
  });

  it('tells instructors of quiz and assignment submissions and students of their evaluation and resets', async () => {
    const course = await makeCourse('Glazing', [
      ['Glaze quiz', 'quiz', { evaluation: 'manual', retakes: 1 }],
      ['Glaze essay', 'assignment', { submission: 'text', max_marks: 10 }],
    ]);
    const quizId = course.ids['Glaze quiz']!;
    const assignmentId = course.ids['Glaze essay']!;
    const question = await t.request({
      method: 'POST',
      url: `/api/lms/quizzes/${quizId}/questions`,
      as: instructor,
      payload: { type: 'truefalse', prompt: 'Glaze melts', data: { correct: true }, marks: 2 },
    });
    expect(question.statusCode, question.body).toBe(201);
    const questionId = (question.json() as { id: string }).id;
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: student, payload: {} });
    const seen = smtp.messages.length;

    expect((await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: student, payload: {} })).statusCode).toBe(201);
    const submitted = await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/submit`, as: student, payload: { answers: { [questionId]: true } } });
    expect(submitted.json()).toMatchObject({ status: 3 });
    await mailTo(instructor, seen, 'Stella Student submitted Glaze quiz');
    const queue = (await t.request({ url: `/api/lms/courses/${course.id}/quiz-submissions`, as: instructor })).json() as {
      submissions: Array<{ id: string; student_name: string }>;
    };
    expect(queue.submissions[0]?.student_name).toBe('Stella Student');
    const evaluated = await t.request({
      method: 'POST',
      url: `/api/lms/quiz-submissions/${queue.submissions[0]!.id}/evaluate`,
      as: instructor,
      payload: { marks: { [questionId]: 2 } },
    });
    expect(evaluated.statusCode, evaluated.body).toBe(200);
    expect(await mailTo(student, seen, 'Glaze quiz was evaluated')).toContain('was evaluated: 2.');
    // The retake is news for the instructor under its own touchpoint.
    await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/attempts`, as: student, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/quizzes/${quizId}/submit`, as: student, payload: { answers: { [questionId]: false } } });
    await mailTo(instructor, seen, 'Stella Student retook Glaze quiz');
    await t.request({ method: 'DELETE', url: `/api/lms/quizzes/${quizId}/students/${student.userId}/attempts`, as: instructor });
    await mailTo(student, seen, 'Glaze quiz was reset');

    expect(
      (await t.request({ method: 'POST', url: `/api/lms/assignments/${assignmentId}/submission`, as: student, payload: { content: 'Glazes are glass.' } }))
        .statusCode,
    ).toBe(200);
    await mailTo(instructor, seen, 'Stella Student submitted Glaze essay');
    const submissions = (await t.request({ url: `/api/lms/courses/${course.id}/assignment-submissions`, as: instructor })).json() as {
      submissions: Array<{ id: string }>;
    };
    await t.request({ method: 'POST', url: `/api/lms/assignment-submissions/${submissions.submissions[0]!.id}/mark`, as: instructor, payload: { marks: 8 } });
    expect(await mailTo(student, seen, 'Glaze essay was evaluated')).toContain('was evaluated: 8.');
    await t.request({ method: 'DELETE', url: `/api/lms/assignments/${assignmentId}/students/${student.userId}/submission`, as: instructor });
    await mailTo(student, seen, 'Glaze essay was reset');
  });

  it('takes one review per student who started the course, shows the average on the landing page, and tells the authors', async () => {
    const course = await makeCourse('Kiln Safety', [['Heat', 'unit']]);
    const review = (as: TestMember, rating: number, content?: string) =>
      t.request({ method: 'POST', url: `/api/lms/player/${course.id}/review`, as, payload: { rating, ...(content === undefined ? {} : { content }) } });
    expect((await review(student, 5)).json()).toMatchObject({ error: 'review_not_allowed' });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: student, payload: {} });
    // Enrolled but not started yet: still not allowed.
    expect((await review(student, 5)).statusCode).toBe(403);
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: student, payload: {} });
    expect((await review(student, 6)).statusCode).toBe(400);
    const seen = smtp.messages.length;
    const first = await review(student, 4, 'Clear and careful.');
    expect(first.statusCode, first.body).toBe(201);
    await mailTo(instructor, seen, 'New review of Kiln Safety');
    const changed = await review(student, 5, 'Clear, careful, calm.');
    expect(changed.statusCode).toBe(200);
    expect((await t.request({ url: `/api/lms/player/${course.id}/review`, as: student })).json()).toMatchObject({
      review: { rating: 5, content: 'Clear, careful, calm.' },
    });
    expect((await t.request({ url: `/api/lms/player/${course.id}/review`, as: other })).json()).toEqual({ review: null });

    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: other, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/start`, as: other, payload: {} });
    const beforeOther = smtp.messages.length;
    await review(other, 2, '<b>Too short</b>');
    await mailTo(instructor, beforeOther, 'New review of Kiln Safety');
    const list = await t.request({ url: `/api/lms/public/courses/${course.slug}/reviews`, account: site });
    expect(list.json()).toMatchObject({
      average: 3.5,
      count: 2,
      items: [
        { rating: 2, name: 'Otto Other' },
        { rating: 5, name: 'Stella Student' },
      ],
    });
    expect(smtp.messages.slice(seen).filter((m) => subjectOf(m.raw) === 'New review of Kiln Safety')).toHaveLength(2);

    const landing = await t.request({ url: `/course/${course.slug}`, account: site });
    expect(landing.body).toContain('3.5 out of 5 · 2 reviews');
    expect(landing.body).toContain('&lt;b&gt;Too short&lt;/b&gt;');
    expect(landing.body).not.toContain('<b>Too short</b>');
  });

  it('raises automation triggers in the transaction of the change and answers the enroll_course and unenroll_course actions', async () => {
    await triggers.clear();
    const course = await makeCourse('Wheel Throwing', [['Centre', 'unit']]);
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: other, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${course.ids.Centre}/complete`, as: other, payload: {} });
    // A repeated completion, and publishing again after a draft spell, announce nothing new.
    await t.request({ method: 'POST', url: `/api/lms/player/${course.id}/items/${course.ids.Centre}/complete`, as: other, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/unpublish`, as: instructor, payload: {} });
    await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: instructor, payload: {} });
    expect(await triggers.list()).toEqual([
      { trigger: 'new_course_published', accountId: site.id, userId: null, courseId: course.id },
      { trigger: 'course_subscribed', accountId: site.id, userId: other.userId, courseId: course.id },
      { trigger: 'lesson_completed', accountId: site.id, userId: other.userId, courseId: course.id, itemId: course.ids.Centre },
    ]);

    const seen = smtp.messages.length;
    const enrol = [{ key: 'enroll_course', args: { courseId: course.id } }];
    expect((await runActions(t, owner, enrol, student.userId)).status).toBe('completed');
    const roster = (await t.request({ url: `/api/lms/roster/${course.id}`, as: instructor })).json() as {
      students: Array<{ student_id: string }>;
      total: number;
    };
    expect(roster.total).toBe(2);
    await mailTo(student, seen, 'Welcome to Wheel Throwing');
    expect((await triggers.list()).at(-1)).toEqual({ trigger: 'course_subscribed', accountId: site.id, userId: student.userId, courseId: course.id });

    // course_progress_percent: the member who finished the one unit is at 100 %, one not enrolled has no progress.
    const finished = { conditions: [{ key: 'course_progress_percent', args: { courseId: course.id, at_least: 100 } }] };
    expect((await runActions(t, owner, [], other.userId, finished)).status).toBe('completed');
    const halfway = { conditions: [{ key: 'course_progress_percent', args: { courseId: course.id, at_most: 50 } }] };
    expect((await runActions(t, owner, [], other.userId, halfway)).status).toBe('skipped');
    const enrolled = { conditions: [{ key: 'course_progress_percent', args: { courseId: course.id } }] };
    expect((await runActions(t, owner, [], student.userId, enrolled)).status).toBe('completed');
    expect(
      (await runActions(t, owner, [], student.userId, { conditions: [{ key: 'course_progress_percent', args: { courseId: course.id, at_least: 1 } }] })).status,
    ).toBe('skipped');

    expect((await runActions(t, owner, [{ key: 'unenroll_course', args: { courseId: course.id } }], student.userId)).status).toBe('completed');
    expect(((await t.request({ url: `/api/lms/roster/${course.id}`, as: instructor })).json() as { total: number }).total).toBe(1);
    expect((await runActions(t, owner, [], student.userId, enrolled)).status).toBe('skipped');
    // Another site's automation naming this course enrols nobody in it (its transaction sees only its own courses).
    const plainOwner = await t.createMember(plain, { role: 'owner' });
    expect((await runActions(t, plainOwner, enrol, student.userId)).steps.map((step) => step.status)).toEqual(['skipped']);
    // Where the LMS is off, its actions are skipped.
    const toggle = (enabled: boolean) => t.request({ method: 'PUT', url: '/api/account/addons', as: owner, payload: { feature: 'lms', enabled } });
    try {
      const off = await runActions(t, owner, enrol, student.userId, { beforeRun: async () => void (await toggle(false)) });
      expect(off.steps.map((step) => [step.status, step.error])).toEqual([['skipped', 'the feature "lms" is off']]);
    } finally {
      await toggle(true);
    }
    expect(((await t.request({ url: `/api/lms/roster/${course.id}`, as: instructor })).json() as { total: number }).total).toBe(1);
  });
});
