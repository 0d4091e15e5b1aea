import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';

interface Course {
  id: string;
  slug: string;
}

describe('courses the shop sells', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  const call = async <T>(method: string, url: string, as: TestMember, payload?: unknown, status = 200): Promise<T> => {
    const res = await t.request({ method: method as 'GET', url, as, ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  };
  const publishedCourse = async (title: string) => {
    const course = await call<Course>('POST', '/api/lms/courses', owner, { title }, 201);
    await call('POST', `/api/lms/courses/${course.id}/publish`, owner, {});
    return course;
  };
  const action = async (course: Course, as?: TestMember) => {
    const res = await t.request({ url: `/course/${course.slug}`, account: site, ...(as === undefined ? {} : { as }) });
    expect(res.statusCode).toBe(200);
    return /data-testid="course-action" data-action="([a-z]+)"[^>]*>(.*?)<\/div>/s.exec(res.body)?.slice(1) ?? [];
  };
  const enrol = (course: Course) => t.request({ method: 'POST', url: `/api/lms/player/${course.id}/enrol`, as: student, payload: {} });

  beforeAll(async () => {
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await createTestKernel({ plugins: [lms, ecommerce], themes: { site: theme } });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers a course product on the course page and refuses free enrolment in it', async () => {
    const course = await publishedCourse('Paid course');
    const product = await call<{ id: string }>(
      'POST',
      '/api/ecommerce/products',
      owner,
      { title: 'Paid course', price: { type: 'onetime', amount: 4900 }, course_id: course.id },
      201,
    );
    for (const viewer of [undefined, student]) {
      const [kind, html] = await action(course, viewer);
      expect(kind).toBe('buy');
      expect(html).toContain(`href="/checkout?add=${product.id}"`);
      expect(html).toContain('Buy for $49.00');
    }
    const refused = await enrol(course);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toBe('course_for_sale');
  });

  it("sends members of a level's course to the level's offer, or says it is for members when nothing sells it", async () => {
    const course = await publishedCourse('Members course');
    const level = await call<{ id: string }>('POST', '/api/ecommerce/memberships', owner, { name: 'Circle', course_ids: [course.id] }, 201);
    expect(await action(course, student)).toEqual(['buy', expect.stringContaining('For members (Circle)')]);
    expect((await enrol(course)).statusCode).toBe(403);
    await call(
      'POST',
      '/api/ecommerce/products',
      owner,
      { title: 'Circle monthly', price: { type: 'subscription', amount: 900, duration: { value: 1, parameter: 'month' } }, membership_id: level.id },
      201,
    );
    expect((await action(course, student))[1]).toContain('Join Circle: $9.00 / month');
  });

  it('leaves free courses free', async () => {
    const course = await publishedCourse('Free course');
    expect((await action(course, student))[0]).toBe('member');
    expect((await enrol(course)).statusCode).toBe(201);
  });
});
