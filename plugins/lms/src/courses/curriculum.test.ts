import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '../index.js';

interface Item {
  id: string;
  post_type: string;
  title: string;
  position: number;
  settings: Record<string, unknown>;
  document: { content: Array<{ type: string; props: Record<string, unknown> }> };
}

describe('the curriculum builder', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let author: TestMember;
  let other: TestMember;
  let student: TestMember;
  let courseId: string;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    author = await t.createMember(site, { role: 'instructor' });
    other = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
    const res = await t.request({ method: 'POST', url: '/api/lms/courses', as: author, payload: { title: 'Curriculum course' } });
    courseId = (res.json() as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = async (post_type: string, title: string, extra: Record<string, unknown> = {}, as = author) => {
    const res = await t.request({ method: 'POST', url: `/api/lms/courses/${courseId}/items`, as, payload: { post_type, title, ...extra } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Item;
  };
  const curriculum = async () => ((await t.request({ url: `/api/lms/courses/${courseId}/curriculum`, as: author })).json() as { items: Item[] }).items;
  const meta = async () =>
    (await t.request({ url: `/api/lms/courses/${courseId}/meta`, as: author })).json() as { curriculum: string[]; courseDuration: unknown };

  it('appends sections, units, quizzes and assignments in order and lists their ids in the curriculum meta', async () => {
    const section = await add('section', 'Getting started');
    const unit = await add('unit', 'Welcome', {
      settings: { duration: 600 },
      document: { root: { props: {} }, content: [{ type: 'Heading', props: { text: 'Hello', level: 2, align: 'left' } }] },
    });
    const quiz = await add('quiz', 'Check yourself', { settings: { evaluation: 'auto', retakes: 1 } });
    const assignment = await add('assignment', 'Hand in');
    expect([section, unit, quiz, assignment].map((i) => i.position)).toEqual([1, 2, 3, 4]);
    expect(unit.document.content[0]?.props.text).toBe('Hello');
    expect((await curriculum()).map((i) => i.title)).toEqual(['Getting started', 'Welcome', 'Check yourself', 'Hand in']);
    expect((await meta()).curriculum).toEqual([section.id, unit.id, quiz.id, assignment.id]);
  });

  it('reorders with the full list, and refuses a list that is not exactly the course items', async () => {
    const before = await curriculum();
    const ids = before.map((i) => i.id);
    const reversed = [...ids].reverse();
    const res = await t.request({ method: 'PUT', url: `/api/lms/courses/${courseId}/curriculum`, as: author, payload: { items: reversed } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { items: Item[] }).items.map((i) => [i.id, i.position])).toEqual(reversed.map((id, n) => [id, n + 1]));
    expect((await meta()).curriculum).toEqual(reversed);

    const bad = [ids.slice(1), [...ids, ids[0]], [...ids.slice(1), '00000000-0000-4000-8000-000000000000'], []];
    for (const items of bad) {
      const refused = await t.request({ method: 'PUT', url: `/api/lms/courses/${courseId}/curriculum`, as: author, payload: { items } });
      expect(refused.statusCode, JSON.stringify(items)).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'curriculum_mismatch' });
    }
    expect((await curriculum()).map((i) => i.id)).toEqual(reversed);

    // The meta route reorders by the same rules.
    const viaMeta = await t.request({
      method: 'PUT',
      url: `/api/lms/courses/${courseId}/meta`,
      as: author,
      payload: { curriculum: ids, courseDuration: { value: 30, parameter: 'day' } },
    });
    expect(viaMeta.json()).toEqual({ curriculum: ids, courseDuration: { value: 30, parameter: 'day' } });
    expect((await curriculum()).map((i) => i.id)).toEqual(ids);
  });

  it('renames, changes settings and content, deletes and closes the gap', async () => {
    const [first, second, third] = await curriculum();
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/lms/courses/${courseId}/items/${second?.id}`,
      as: author,
      payload: {
        title: 'Welcome aboard',
        settings: { duration: 900 },
        document: { root: { props: {} }, content: [{ type: 'Video', props: { url: 'https://video.test/1.mp4', title: 'Intro' } }] },
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'Welcome aboard', settings: { duration: 900 }, document: { content: [{ type: 'Video' }] } });
    const unsafe = await t.request({
      method: 'PUT',
      url: `/api/lms/courses/${courseId}/items/${second?.id}`,
      as: author,
      payload: { document: { root: { props: {} }, content: [{ type: 'RichText', props: { html: '<script>alert(1)</script>' } }] } },
    });
    expect(unsafe.statusCode).toBe(400);

    expect((await t.request({ method: 'DELETE', url: `/api/lms/courses/${courseId}/items/${first?.id}`, as: author })).statusCode).toBe(200);
    const after = await curriculum();
    expect(after.map((i) => [i.id, i.position])).toEqual([
      [second?.id, 1],
      [third?.id, 2],
      [after[2]?.id, 3],
    ]);
    expect((await meta()).curriculum).toEqual(after.map((i) => i.id));
    expect((await t.request({ method: 'DELETE', url: `/api/lms/courses/${courseId}/items/${first?.id}`, as: author })).statusCode).toBe(404);
  });

  it('is for the course authors with manage_curriculum and for managers; not other instructors or students', async () => {
    const url = `/api/lms/courses/${courseId}/items`;
    const byOther = await t.request({ method: 'POST', url, as: other, payload: { post_type: 'unit', title: 'Sneaky' } });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ url: `/api/lms/courses/${courseId}/curriculum`, as: other })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url, as: student, payload: { post_type: 'unit', title: 'Sneaky' } })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/lms/courses/${courseId}/curriculum`, as: student })).statusCode).toBe(403);
    await add('unit', 'From the owner', {}, owner);
    expect((await curriculum()).at(-1)?.title).toBe('From the owner');
    const wrongType = await t.request({ method: 'POST', url, as: author, payload: { post_type: 'lesson', title: 'x' } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('gives concurrent additions distinct positions with no gaps', async () => {
    const before = (await curriculum()).length;
    await Promise.all(Array.from({ length: 8 }, (_, n) => add('unit', `Parallel ${n}`)));
    const items = await curriculum();
    expect(items.map((i) => i.position)).toEqual(items.map((_, n) => n + 1));
    expect(items).toHaveLength(before + 8);
    expect((await meta()).curriculum).toEqual(items.map((i) => i.id));
  });

  it('keeps a courseDuration with an empty parameter and removes it with null', async () => {
    const url = `/api/lms/courses/${courseId}/meta`;
    expect((await t.request({ method: 'PUT', url, as: author, payload: { courseDuration: { value: 0, parameter: '' } } })).json()).toMatchObject({
      courseDuration: { value: 0, parameter: '' },
    });
    expect((await t.request({ method: 'PUT', url, as: author, payload: { courseDuration: { value: 3, parameter: 'fortnight' } } })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url, as: author, payload: { courseDuration: null } })).json()).toMatchObject({ courseDuration: null });
    expect((await t.request({ method: 'PUT', url, as: other, payload: { courseDuration: null } })).statusCode).toBe(403);
  });
});
