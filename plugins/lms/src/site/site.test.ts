import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '../index.js';
import { lmsDb } from '../db/tables.js';

// The LMS as the lead will wire it: its site part and its search filter on top of the plugin.
const plugin = lms;

let t: TestKernel;
let account: TestAccount;
let student: TestMember;
let member: TestMember;
let n = 0;

interface Fixture {
  id: string;
  slug: string;
  title: string;
}

/** A course written straight into the tables, so these tests do not depend on the course API. */
async function makeCourse(
  target: TestAccount,
  input: {
    title: string;
    status?: 'draft' | 'published';
    seats?: number | null;
    studentCount?: number;
    excerpt?: string;
    authorId?: string;
    category?: { name: string; slug: string };
    publishedAt?: Date;
  } = { title: 'Course' },
): Promise<Fixture> {
  const slug = `${input.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${(n++).toString(36)}`;
  return t.kernel.withSystem('test: create an LMS course', async (anyDb) => {
    const db = lmsDb(anyDb);
    const { id } = await db
      .insertInto('lms_courses')
      .values({
        account_id: target.id,
        title: input.title,
        slug,
        excerpt: input.excerpt ?? '',
        featured_image: '{}',
        document: '{}',
        author_id: input.authorId ?? null,
        status: input.status ?? 'published',
        seats: input.seats ?? null,
        student_count: input.studentCount ?? 0,
        settings: '{}',
        published_at: input.status === 'draft' ? null : (input.publishedAt ?? new Date()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.authorId !== undefined)
      await db.insertInto('lms_course_authors').values({ account_id: target.id, course_id: id, author_id: input.authorId }).execute();
    if (input.category !== undefined) {
      const category = await db
        .insertInto('lms_categories')
        .values({ account_id: target.id, ...input.category })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('lms_course_categories').values({ account_id: target.id, term_id: category.id, object_id: id }).execute();
    }
    return { id, slug, title: input.title };
  });
}

async function addItems(target: TestAccount, courseId: string, items: Array<[title: string, type: 'section' | 'unit' | 'quiz' | 'assignment']>): Promise<void> {
  await t.kernel.withSystem('test: add curriculum items', async (anyDb) => {
    const db = lmsDb(anyDb);
    let position = 0;
    for (const [title, post_type] of items) {
      await db
        .insertInto('lms_items')
        .values({ account_id: target.id, course_id: courseId, post_type, title, position: position++, document: '{"secret":"unit body text"}', settings: '{}' })
        .execute();
    }
  });
}

async function enrol(target: TestAccount, courseId: string, who: TestMember, progress: number): Promise<void> {
  await t.kernel.withSystem('test: enrol a student', async (anyDb) => {
    const db = lmsDb(anyDb);
    await db
      .insertInto('lms_course_students')
      .values({ account_id: target.id, course_id: courseId, student_id: who.userId, status: 2, progress, curriculum_data: '{}' })
      .execute();
  });
}

const page = (url: string, as?: TestMember, on: TestAccount = account) => t.request({ url, account: on, ...(as === undefined ? {} : { as }) });
const actionOf = (html: string) => /data-testid="course-action" data-action="([a-z]+)"/.exec(html)?.[1];

let published: Fixture;
let draft: Fixture;

beforeAll(async () => {
  // The real default theme, imported by name so this package's type-check stays off its browser code.
  const themePackage: string = '@lectern/theme-default';
  const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
  t = await createTestKernel({ plugins: [plugin], themes: { site: theme } });
  account = await t.createAccount({ plan: 'professional', features: ['lms'] });
  const instructor = await t.createMember(account, { role: 'instructor', name: 'Ada Lovelace' });
  student = await t.createMember(account, { role: 'student' });
  member = await t.createMember(account, { role: 'student' });
  published = await makeCourse(account, {
    title: 'Astronomy Basics',
    excerpt: 'Stars, planets and the night sky.',
    authorId: instructor.userId,
    seats: 10,
    studentCount: 3,
    category: { name: 'Science', slug: 'science' },
  });
  await addItems(account, published.id, [
    ['Getting started', 'section'],
    ['What is a star', 'unit'],
    ['Star quiz', 'quiz'],
    ['Observe the moon', 'assignment'],
  ]);
  draft = await makeCourse(account, { title: 'Secret Draft Course', status: 'draft' });
  await enrol(account, published.id, student, 40);
});

afterAll(async () => {
  await t?.close();
});

describe('the course catalogue (/course)', () => {
  it('lists published courses with their details, never drafts', async () => {
    const res = await page('/course');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-testid="course-catalogue"');
    expect(res.body).toContain('Astronomy Basics');
    expect(res.body).toContain(`href="/course/${published.slug}"`);
    expect(res.body).toContain('Stars, planets and the night sky.');
    expect(res.body).toContain('By Ada Lovelace');
    expect(res.body).toContain('3 students');
    expect(res.body).toContain('href="/course?category=science"');
    expect(res.body).not.toContain('Secret Draft Course');
    expect(res.body).toMatch(/<title>Courses \|/);
  });

  it('filters by category, 404s an unknown one, and shows the empty state', async () => {
    const other = await makeCourse(account, { title: 'Pottery For All', category: { name: 'Crafts', slug: 'crafts' } });
    const science = await page('/course?category=science');
    expect(science.statusCode).toBe(200);
    expect(science.body).toContain('Astronomy Basics');
    expect(science.body).not.toContain(other.title);
    expect((await page('/course?category=no-such-category')).statusCode).toBe(404);
    const empty = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const none = await page('/course', undefined, empty);
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('data-testid="course-catalogue-empty"');
  });

  it('pages by 12, newest first, and is never served from the shared cache for another page', async () => {
    const target = await t.createAccount({ plan: 'professional', features: ['lms'] });
    for (let i = 0; i < 13; i++)
      await makeCourse(target, { title: `Paged Course ${String(i).padStart(2, '0')}`, publishedAt: new Date(Date.UTC(2026, 0, 1 + i)) });
    const first = await page('/course', undefined, target);
    expect(first.body.match(/data-testid="course-card"/g)).toHaveLength(12);
    expect(first.body).toContain('Paged Course 12');
    expect(first.body).not.toContain('Paged Course 00');
    expect(first.body).toContain('href="/course?page=2"');
    const second = await page('/course?page=2', undefined, target);
    expect(second.body.match(/data-testid="course-card"/g)).toHaveLength(1);
    expect(second.body).toContain('Paged Course 00');
    // The first page again, after the second was drawn: still the first page.
    expect((await page('/course', undefined, target)).body).toContain('Paged Course 12');
  });
});

describe('a course landing page (/course/:slug)', () => {
  it('shows the course, its outline without content, and sign-up for visitors', async () => {
    const res = await page(`/course/${published.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 class="post__title">Astronomy Basics</h1>');
    expect(res.body).toContain('data-testid="course-outline"');
    for (const title of ['Getting started', 'What is a star', 'Star quiz', 'Observe the moon']) expect(res.body).toContain(title);
    expect(res.body).toMatch(/data-type="quiz"[^>]*>.*?Quiz/);
    expect(res.body).not.toContain('unit body text');
    expect(res.body).toMatch(/data-testid="course-seats">7</);
    expect(actionOf(res.body)).toBe('visitor');
    expect(res.body).toContain(`href="/signup?redirectedFrom=%2Fcourse%2F${published.slug}"`);
    expect(res.body).toContain('Sign up to enrol');
    expect(res.body).toMatch(/<title>Astronomy Basics \|/);
    expect(res.body).toContain('Stars, planets and the night sky.');
  });

  it('offers an enrolled student to continue with their progress', async () => {
    const res = await page(`/course/${published.slug}`, student);
    expect(res.statusCode).toBe(200);
    expect(actionOf(res.body)).toBe('enrolled');
    expect(res.body).toContain('Continue learning');
    expect(res.body).toContain('40% complete');
  });

  it('offers another member to enrol through the dashboard', async () => {
    const res = await page(`/course/${published.slug}`, member);
    expect(res.statusCode).toBe(200);
    expect(actionOf(res.body)).toBe('member');
    expect(res.body).toContain(`href="/dashboard/courses/${published.slug}"`);
    expect(res.body).not.toContain('Sign up to enrol');
  });

  it('keeps a visitor from seeing a member’s render through the page cache', async () => {
    await page(`/course/${published.slug}`, student);
    const res = await page(`/course/${published.slug}`);
    expect(actionOf(res.body)).toBe('visitor');
    expect(res.body).not.toContain('Continue learning');
  });

  it('is not found for a draft, an unknown slug, or a site without the LMS', async () => {
    expect((await page(`/course/${draft.slug}`)).statusCode).toBe(404);
    expect((await page('/course/no-such-course')).statusCode).toBe(404);
    const off = await t.createAccount({ plan: 'professional' });
    const course = await makeCourse(off, { title: 'Hidden Course' });
    const res = await page(`/course/${course.slug}`, undefined, off);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Course');
    expect((await page('/course', undefined, off)).statusCode).toBe(404);
  });
});

describe('site search', () => {
  const search = async (query: string, on: TestAccount = account) => {
    const res = await t.request({ url: `/api/site/search?${query}`, account: on });
    expect(res.statusCode).toBe(200);
    return res.json() as Record<string, Array<{ title: string; url: string }> | undefined>;
  };

  it('finds published courses by title for type=courses, not drafts', async () => {
    const body = await search('term=astronomy&type=courses');
    expect(body.courses).toEqual([expect.objectContaining({ title: 'Astronomy Basics', url: `/course/${published.slug}` })]);
    expect((await search('term=secret&type=courses')).courses).toEqual([]);
  });

  it('takes the term literally and leaves courses out of other types', async () => {
    expect((await search('term=%25&type=courses')).courses).toEqual([]);
    const blog = await search('term=astronomy&type=blog');
    expect(blog.courses).toBeUndefined();
    // 'all' asks every type, courses included (the plugin must answer it, not just 'courses').
    expect((await search('term=astronomy&type=all')).courses).toEqual([expect.objectContaining({ title: 'Astronomy Basics' })]);
  });
});

describe('course blocks on pages', () => {
  const block = (type: string, props: Record<string, unknown>) => ({ type, props: { id: `${type}-${Math.random().toString(36).slice(2, 8)}`, ...props } });

  it('draws a course grid and a course card from the published courses, and nothing for an unknown course', async () => {
    const owner = await t.createMember(account, { role: 'owner' });
    const document = {
      root: { props: {} },
      content: [
        block('Heading', { text: 'Learn with us', level: 'h2' }),
        block('CourseGrid', { title: 'Newest courses', count: 3, category: '' }),
        block('CourseGrid', { title: 'Science', count: 12, category: 'science' }),
        block('CourseCard', { course: published.slug }),
        block('CourseCard', { course: draft.slug }),
      ],
    };
    const created = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Learn', slug: 'learn', document } });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    expect((await t.request({ method: 'POST', url: `/api/content/pages/${id}/publish`, as: owner, payload: {} })).statusCode).toBe(200);

    const res = await page('/learn');
    expect(res.statusCode).toBe(200);
    const grids = res.body.split('data-testid="course-grid"').slice(1);
    expect(grids).toHaveLength(2);
    expect(grids[0]).toContain('Newest courses');
    expect(grids[0]).toContain('Astronomy Basics');
    expect(res.body).toContain('data-testid="course-card-block"');
    // Drafts never reach a page, through a grid or a card.
    expect(res.body).not.toContain('Secret Draft Course');
    expect(res.body).not.toContain('data-testid="lms-block-placeholder"');

    // Publishing a course drops the page renders that may list it.
    const other = await t.createMember(account, { role: 'instructor' });
    const made = await t.request({ method: 'POST', url: '/api/lms/courses', as: other, payload: { title: 'Comet Watching' } });
    expect((await page('/learn')).headers['x-cache']).toBe('HIT');
    await t.request({ method: 'POST', url: `/api/lms/courses/${(made.json() as { id: string }).id}/publish`, as: other, payload: {} });
    const after = await page('/');
    expect(after.statusCode).toBe(200);
    const grid = (await page('/learn')).body;
    expect(grid).toContain('Comet Watching');
  });
});

describe('the admin rail on course pages', () => {
  it('links site managers to the course editor and the category manager', async () => {
    const manager = await t.createMember(account, { role: 'owner' });
    const res = await page(`/course/${published.slug}`, manager);
    expect(res.body).toContain(`href="/dashboard/instructor/courses/${published.id}" data-rail="lms-edit-course"`);
    expect(res.body).toContain('href="/dashboard/instructor/categories" data-rail="lms-course-categories"');
    expect((await page(`/course/${published.slug}`, student)).body).not.toContain('data-rail="lms-edit-course"');
  });

  it("draws the catalogue and a course page in the site's language, from the plugin's catalogues", async () => {
    const french = await t.createAccount({ plan: 'professional', features: ['lms'] });
    const owner = await t.createMember(french, { role: 'owner' });
    const saved = await t.request({ method: 'PUT', url: '/api/account/site', as: owner, payload: { settings: { defaultLanguage: 'fr' } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const empty = await page('/course', undefined, french);
    expect(empty.body).toContain('<h1 class="blog__title">Cours</h1>');
    expect(empty.body).toContain('Aucun cours pour le moment.');
    const course = await makeCourse(french, { title: 'Astronomie', studentCount: 3 });
    const res = await page(`/course/${course.slug}`, undefined, french);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Contenu du cours');
    expect(res.body).toContain('3 étudiants');
    expect(res.body).toContain('Créer un compte pour s’inscrire');
    expect(res.body).not.toContain('Sign up to enrol');
  });
});
