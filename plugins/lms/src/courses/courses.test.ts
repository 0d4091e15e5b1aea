import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '../index.js';

interface Course {
  id: string;
  slug: string;
  title: string;
  status: string;
  seats: number | null;
  settings: Record<string, unknown>;
  author_id: string;
  authors: Array<{ id: string; name: string }>;
  categories: Array<{ id: string; slug: string }>;
  document: { content: Array<{ props: Record<string, unknown> }> };
}

describe('courses', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let ian: TestMember;
  let ines: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner', name: 'Olive Owner' });
    ian = await t.createMember(site, { role: 'instructor', name: 'Ian Instructor' });
    ines = await t.createMember(site, { role: 'instructor', name: 'Ines Other' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (payload: Record<string, unknown>, as = ian) => {
    const res = await t.request({ method: 'POST', url: '/api/lms/courses', as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Course;
  };

  it('derives lower-case kebab slugs from titles, numbers repeats, and answers 409 for a chosen slug in use', async () => {
    const first = await create({ title: 'Café Design: Basics!' });
    expect(first).toMatchObject({ slug: 'cafe-design-basics', status: 'draft', seats: null, author_id: ian.userId });
    expect(first.authors).toEqual([{ id: ian.userId, name: 'Ian Instructor' }]);
    expect((await create({ title: 'Café design basics' })).slug).toBe('cafe-design-basics-2');

    const clash = await t.request({ method: 'POST', url: '/api/lms/courses', as: ian, payload: { title: 'Other', slug: 'cafe-design-basics' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'course_slug_taken' });
    const renamed = await t.request({ method: 'PUT', url: `/api/lms/courses/${first.id}`, as: ian, payload: { slug: 'cafe-design-basics-2' } });
    expect(renamed.statusCode).toBe(409);
    const upper = await t.request({ method: 'POST', url: '/api/lms/courses', as: ian, payload: { title: 'Other', slug: 'Not_Kebab' } });
    expect(upper.statusCode).toBe(400);
  });

  it('lets authors and managers change a course, not another instructor, and keeps students out', async () => {
    const course = await create({ title: 'Permissions 101' });
    const other = await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: ines, payload: { title: 'Taken over' } });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'not_course_author' });
    expect((await t.request({ method: 'DELETE', url: `/api/lms/courses/${course.id}`, as: ines })).statusCode).toBe(403);

    const byAuthor = await t.request({
      method: 'PUT',
      url: `/api/lms/courses/${course.id}`,
      as: ian,
      payload: {
        title: 'Permissions 102',
        seats: 10,
        settings: { unitLock: true, drip: { enabled: true, value: 2, parameter: 'day', multiplier: 'unit', from: 'previous' } },
        authors: [ian.userId, ines.userId],
      },
    });
    expect(byAuthor.statusCode, byAuthor.body).toBe(200);
    expect(byAuthor.json()).toMatchObject({ title: 'Permissions 102', seats: 10, settings: { unitLock: true, drip: { value: 2, parameter: 'day' } } });
    // Added as an author, the other instructor may now change it.
    expect((await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: ines, payload: { excerpt: 'Shared' } })).statusCode).toBe(200);

    const byManager = await t.request({
      method: 'PUT',
      url: `/api/lms/courses/${course.id}`,
      as: owner,
      payload: { seats: null, settings: { unitLock: false } },
    });
    expect(byManager.json()).toMatchObject({ seats: null, excerpt: 'Shared', settings: { unitLock: false, drip: { value: 2 } } });

    expect((await t.request({ method: 'POST', url: '/api/lms/courses', as: student, payload: { title: 'Mine' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/lms/courses', as: student })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: student, payload: { title: 'x' } })).statusCode).toBe(403);
    // A student cannot be made an author; negative seats are refused.
    expect((await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: owner, payload: { authors: [student.userId] } })).json()).toMatchObject({
      error: 'not_instructor',
    });
    expect((await t.request({ method: 'PUT', url: `/api/lms/courses/${course.id}`, as: owner, payload: { seats: -1 } })).statusCode).toBe(400);
  });

  it('refuses script in HTML props of the document and keeps safe rich text', async () => {
    const unsafe = await t.request({
      method: 'POST',
      url: '/api/lms/courses',
      as: ian,
      payload: { title: 'XSS', document: { root: { props: {} }, content: [{ type: 'RichText', props: { html: '<p>Hi</p><img src=x onerror=alert(1)>' } }] } },
    });
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json()).toMatchObject({ error: 'unsafe_html' });
    const safe = await create({
      title: 'Safe',
      document: { root: { props: {} }, content: [{ type: 'RichText', props: { html: '<p>Read <a href="https://example.test">this</a></p>' } }] },
    });
    const read = await t.request({ url: `/api/lms/courses/${safe.id}`, as: ian });
    expect((read.json() as Course).document.content[0]?.props.html).toBe('<p>Read <a href="https://example.test">this</a></p>');
  });

  it('shows visitors only published courses in the catalogue and by slug, with authors and categories', async () => {
    const cat = await t.request({ method: 'POST', url: '/api/lms/categories', as: ian, payload: { name: 'Public Speaking' } });
    expect(cat.statusCode, cat.body).toBe(201);
    const categoryId = (cat.json() as { id: string; slug: string }).id;
    expect(cat.json()).toMatchObject({ slug: 'public-speaking' });

    const live = await create({ title: 'Speak Up', excerpt: 'Be heard', categories: [categoryId] });
    const hidden = await create({ title: 'Speak Later', categories: [categoryId] });
    await t.request({ method: 'POST', url: `/api/lms/courses/${live.id}/publish`, as: ian, payload: {} });

    const list = await t.request({ url: '/api/lms/public/courses', account: site });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json() as { items: Course[]; total: number };
    expect(body.items.map((c) => c.slug)).toEqual(['speak-up']);
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({
      excerpt: 'Be heard',
      student_count: 0,
      authors: [{ name: 'Ian Instructor' }],
      categories: [{ slug: 'public-speaking' }],
    });
    expect(body.items[0]).not.toHaveProperty('status');

    expect((await t.request({ url: '/api/lms/public/courses/speak-up', account: site })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/lms/public/courses/${hidden.slug}`, account: site })).statusCode).toBe(404);

    const categories = await t.request({ url: '/api/lms/categories', account: site });
    expect((categories.json() as { items: Array<{ slug: string; count: number }> }).items.find((c) => c.slug === 'public-speaking')?.count).toBe(1);

    await t.request({ method: 'POST', url: `/api/lms/courses/${live.id}/unpublish`, as: ian, payload: {} });
    expect((await t.request({ url: '/api/lms/public/courses/speak-up', account: site })).statusCode).toBe(404);
  });

  it('filters the managers list by category, status and search, with paging and a total', async () => {
    const { id: design } = (await t.request({ method: 'POST', url: '/api/lms/categories', as: owner, payload: { name: 'Design', slug: 'design' } })).json() as {
      id: string;
    };
    const dup = await t.request({ method: 'POST', url: '/api/lms/categories', as: owner, payload: { name: 'Design again', slug: 'design' } });
    expect(dup.json()).toMatchObject({ error: 'category_slug_taken' });
    const a = await create({ title: 'Filter Alpha', categories: [design] });
    await create({ title: 'Filter Beta', categories: [design] });
    await create({ title: 'Filter Gamma' });
    await t.request({ method: 'POST', url: `/api/lms/courses/${a.id}/publish`, as: ian, payload: {} });

    const byCategory = (await t.request({ url: '/api/lms/courses?category=design&limit=1', as: owner })).json() as { items: Course[]; total: number };
    expect(byCategory.total).toBe(2);
    expect(byCategory.items).toHaveLength(1);
    const published = (await t.request({ url: '/api/lms/courses?category=design&status=published', as: owner })).json() as { items: Course[] };
    expect(published.items.map((c) => c.title)).toEqual(['Filter Alpha']);
    const search = (await t.request({ url: '/api/lms/courses?search=filter%20g', as: owner })).json() as { items: Course[] };
    expect(search.items.map((c) => c.title)).toEqual(['Filter Gamma']);
    expect((await t.request({ url: '/api/lms/public/courses?category=design', account: site })).json()).toMatchObject({ total: 1 });

    // Re-filing replaces the set; deleting the category leaves the course in place.
    await t.request({ method: 'PUT', url: `/api/lms/courses/${a.id}`, as: ian, payload: { categories: [] } });
    expect(((await t.request({ url: '/api/lms/courses?category=design', as: owner })).json() as { total: number }).total).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `/api/lms/categories/${design}`, as: ian })).statusCode).toBe(403);
    expect((await t.request({ method: 'DELETE', url: `/api/lms/categories/${design}`, as: owner })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/lms/courses/${a.id}`, as: ian })).statusCode).toBe(200);
  });

  it('is not there on a site without the lms feature', async () => {
    const plain = await t.createAccount({ plan: 'professional' });
    const plainOwner = await t.createMember(plain, { role: 'owner' });
    expect((await t.request({ method: 'POST', url: '/api/lms/courses', as: plainOwner, payload: { title: 'Nope' } })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/lms/public/courses', account: plain })).statusCode).toBe(404);
  });

  it("stops at the plan's course limit (LifeTime: 10)", async () => {
    const small = await t.createAccount({ plan: 'lifetime', features: ['lms'] });
    const smallOwner = await t.createMember(small, { role: 'owner' });
    for (let n = 1; n <= 10; n += 1) {
      expect((await t.request({ method: 'POST', url: '/api/lms/courses', as: smallOwner, payload: { title: `Course ${n}` } })).statusCode).toBe(201);
    }
    const eleventh = await t.request({ method: 'POST', url: '/api/lms/courses', as: smallOwner, payload: { title: 'Course 11' } });
    expect(eleventh.statusCode).toBe(403);
    expect(eleventh.json()).toMatchObject({ error: 'course_limit' });
  });

  it('deletes a course with everything that hangs off it', async () => {
    const course = await create({ title: 'Short lived' });
    await t.request({ method: 'POST', url: `/api/lms/courses/${course.id}/items`, as: ian, payload: { post_type: 'unit', title: 'Only unit' } });
    expect((await t.request({ method: 'DELETE', url: `/api/lms/courses/${course.id}`, as: ian })).statusCode).toBe(200);
    expect((await t.request({ url: `/api/lms/courses/${course.id}`, as: ian })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/lms/courses/${course.id}/curriculum`, as: owner })).statusCode).toBe(404);
  });
});
