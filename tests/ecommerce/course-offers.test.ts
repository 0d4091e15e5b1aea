import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { sql } from '@lectern/sdk';
import { createTestKernel, recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
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
  let triggers: RecordedTriggers;

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
    triggers = recordedTriggers(t.kernel);
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

  describe('wishlists and sales (SPEC §9 course_wishlisted, course_on_sale)', () => {
    const wishlist = (course: Course, as: TestMember | undefined, method: 'PUT' | 'DELETE' = 'PUT') =>
      t.request({
        method,
        url: `/api/lms/wishlist/${course.id}`,
        account: site,
        ...(method === 'PUT' ? { payload: {} } : {}),
        ...(as === undefined ? {} : { as }),
      });
    const button = async (course: Course, as?: TestMember) => {
      const res = await t.request({ url: `/course/${course.slug}`, account: site, ...(as === undefined ? {} : { as }) });
      return /<button[^>]*aria-pressed="(true|false)"[^>]*data-testid="course-wishlist"[^>]*>(.*?)<\/button>/s.exec(res.body)?.slice(1) ?? null;
    };
    const quote = async (productId: string) =>
      (await t.request({ method: 'POST', url: '/api/ecommerce/cart/quote', account: site, payload: { items: [{ id: productId, quantity: 1 }] } })).json<{
        subtotal: number;
      }>();

    it('saves a course to a member’s wishlist once, lists it, drops it, and raises course_wishlisted for the first save', async () => {
      const course = await publishedCourse('Wished course');
      await triggers.clear();
      expect(await button(course)).toBeNull();
      expect(await button(course, student)).toEqual(['false', expect.stringContaining('Save to wishlist')]);

      expect((await wishlist(course, undefined)).statusCode).toBe(401);
      const saved = await wishlist(course, student);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json()).toEqual({ saved: true });
      expect((await wishlist(course, student)).statusCode).toBe(200);
      expect(await triggers.list()).toEqual([{ trigger: 'course_wishlisted', accountId: site.id, userId: student.userId, courseId: course.id }]);
      expect(await button(course, student)).toEqual(['true', expect.stringContaining('On your wishlist')]);
      expect(await call('GET', '/api/lms/wishlist', student)).toEqual({
        count: 1,
        items: [{ id: course.id, title: 'Wished course', slug: course.slug, excerpt: '', saved_at: expect.any(String) }],
      });
      // Another site's member never sees it; a draft course cannot be saved.
      const elsewhere = await t.createAccount({ plan: 'professional', features: ['lms'] });
      const stranger = await t.createMember(elsewhere, { role: 'student' });
      expect(await call('GET', '/api/lms/wishlist', stranger)).toEqual({ count: 0, items: [] });
      const draft = await call<Course>('POST', '/api/lms/courses', owner, { title: 'Draft course' }, 201);
      expect((await wishlist(draft, student)).json()).toMatchObject({ error: 'course_not_found' });

      expect((await wishlist(course, student, 'DELETE')).json()).toEqual({ saved: false });
      expect(await call('GET', '/api/lms/wishlist', student)).toEqual({ count: 0, items: [] });
      // A student of the course has nothing to save.
      const enrolled = await t.createMember(site, { role: 'student' });
      await call('POST', `/api/lms/player/${course.id}/enrol`, enrolled, {}, 201);
      expect(await button(course, enrolled)).toBeNull();
    });

    it('tells each member who wished for a course when its product goes on sale, and charges the sale price until the sale ends', async () => {
      const course = await publishedCourse('Sale course');
      const fan = await t.createMember(site, { role: 'student' });
      const other = await t.createMember(site, { role: 'student' });
      for (const member of [fan, other]) expect((await wishlist(course, member)).statusCode).toBe(201);
      const regular = { title: 'Sale course access', price: { type: 'onetime', amount: 4900 }, course_id: course.id };
      const product = await call<{ id: string }>('POST', '/api/ecommerce/products', owner, regular, 201);
      expect((await quote(product.id)).subtotal).toBe(4900);

      await triggers.clear();
      const ends = new Date(Date.now() + 7 * 86_400_000).toISOString();
      const onSale = await call<{ metadata: { sale: unknown } }>('PUT', `/api/ecommerce/products/${product.id}`, owner, {
        ...regular,
        sale: { amount: 2900, ends_at: ends },
      });
      expect(onSale.metadata.sale).toEqual({ amount: 2900, ends_at: ends });
      // A job due at the sale's end drops the cached pages that show the sale price.
      const ending = await t.kernel.withSystem(
        'test: the sale-end job',
        async (db) =>
          (
            await sql<{
              start_after: Date;
            }>`SELECT start_after FROM pgboss.job WHERE name = 'ecommerce-sale-end' AND data->'data'->>'productId' = ${product.id}`.execute(db)
          ).rows,
      );
      expect(ending.map((job) => new Date(job.start_after).toISOString())).toEqual([ends]);
      const sale = { trigger: 'course_on_sale', accountId: site.id, courseId: course.id, productId: product.id, price: 4900, salePrice: 2900, endsAt: ends };
      expect(await triggers.list()).toEqual([
        { ...sale, userId: fan.userId },
        { ...sale, userId: other.userId },
      ]);
      expect((await quote(product.id)).subtotal).toBe(2900);
      expect((await action(course, student))[1]).toContain('Buy for $29.00 (was $49.00)');

      // Saving the product again with the same sale tells no one twice.
      await call('PUT', `/api/ecommerce/products/${product.id}`, owner, { ...regular, title: 'Renamed', sale: { amount: 2900, ends_at: ends } });
      expect(await triggers.list()).toHaveLength(2);

      // Refused: a sale price that is not lower, an end in the past, a subscription on sale.
      const refused = async (body: unknown, error: string) => {
        const res = await t.request({ method: 'PUT', url: `/api/ecommerce/products/${product.id}`, as: owner, payload: body });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json<{ error: string }>().error).toBe(error);
      };
      await refused({ ...regular, sale: { amount: 4900 } }, 'sale_not_lower');
      await refused({ ...regular, sale: { amount: 100, ends_at: '2020-01-01T00:00:00Z' } }, 'sale_end_passed');
      await refused(
        { ...regular, price: { type: 'subscription', amount: 4900, duration: { value: 1, parameter: 'month' } }, sale: { amount: 100 } },
        'sale_one_time_only',
      );

      // Once the sale's end has passed, the regular price is charged and shown again.
      await t.kernel.withSystem('test: the sale ended', (db) =>
        sql`UPDATE ecommerce_products SET sale_ends_at = now() - interval '1 minute' WHERE account_id = ${site.id}::uuid AND id = ${product.id}::uuid`.execute(
          db,
        ),
      );
      expect((await quote(product.id)).subtotal).toBe(4900);
      expect((await call<{ metadata: { sale: unknown } }>('GET', `/api/ecommerce/products/${product.id}`, owner)).metadata.sale).toBeNull();
      expect((await action(course, student))[1]).toContain('Buy for $49.00');
    });
  });
});
