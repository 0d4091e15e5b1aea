import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

interface MyCourse {
  course: { slug: string };
  expiry: number | null;
  expired: boolean;
  unlimited: boolean;
  enrolled_at: string;
}

const DAY_MS = 86_400_000;

/**
 * SPEC §9 gives the default enrolment length as 8639136e5 ms, which is 9999 days — DECISIONS.md's
 * "unlimited". What the course page and "my courses" say comes from that real expiry: "No time
 * limit", or the real length and date, never "100 days".
 */
describe('how long an enrolment lasts, as students read it', () => {
  let t: TestKernel;
  let site: TestAccount;
  let instructor: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    // The real default theme draws the course page, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await createTestKernel({ plugins: [lms], themes: { site: theme } });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    instructor = await t.createMember(site, { role: 'instructor' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function publishedCourse(title: string, courseDuration?: { value: number; parameter: string }) {
    const created = await t.request({ method: 'POST', url: '/api/lms/courses', as: instructor, payload: { title } });
    expect(created.statusCode, created.body).toBe(201);
    const course = created.json() as { id: string; slug: string };
    if (courseDuration !== undefined) {
      const meta = await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}/meta`, as: instructor, payload: { courseDuration } });
      expect(meta.statusCode, meta.body).toBe(200);
    }
    expect((await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/publish`, as: instructor, payload: {} })).statusCode).toBe(200);
    return course;
  }
  /** The "Access" fact of the course page. */
  const access = async (slug: string, as?: TestMember) => {
    const page = await t.request({ url: `/course/${slug}`, account: site, ...(as === undefined ? {} : { as }) });
    expect(page.statusCode).toBe(200);
    return /<dt>Access<\/dt><dd>([^<]*)<\/dd>/.exec(page.body)?.[1];
  };
  const mine = async (slug: string) => {
    const res = await t.request({ url: '/api/lms/my/courses', as: student });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: MyCourse[] }).items.find((item) => item.course.slug === slug);
  };

  it('says "No time limit" for a course without a duration, and the enrolment indeed lasts 9999 days', async () => {
    const course = await publishedCourse('Open Water');
    expect(await access(course.slug)).toBe('No time limit');
    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: student, payload: {} })).statusCode).toBe(201);
    const entry = await mine(course.slug);
    expect(entry?.expiry).not.toBeNull();
    expect(Math.round(((entry?.expiry ?? 0) - Date.parse(entry?.enrolled_at ?? '')) / DAY_MS)).toBe(9999);
    expect(entry).toMatchObject({ unlimited: true, expired: false });
    expect(await access(course.slug, student)).toBe('No time limit');
  });

  it('gives the length of a course with a duration, and the enrolled student their own end date', async () => {
    const course = await publishedCourse('Harbour Pilot', { value: 3, parameter: 'month' });
    expect(await access(course.slug)).toBe('3 months');
    expect((await t.request({ method: 'POST', url: `/api/lms/player/${course.slug}/enrol`, as: student, payload: {} })).statusCode).toBe(201);
    const entry = await mine(course.slug);
    expect(entry).toMatchObject({ unlimited: false, expired: false });
    const end = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(entry?.expiry ?? 0));
    expect(await access(course.slug, student)).toBe(`Until ${end}`);
  });

  it('reads an empty duration unit as SPEC §9’s 999999 seconds', async () => {
    const course = await publishedCourse('Knot Tying', { value: 5, parameter: '' });
    expect(await access(course.slug)).toBe('12 days');
  });
});
