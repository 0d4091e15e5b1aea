import { AppError, Errors, containsPattern } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';
import { LmsErrors } from '../errors.js';
import { CourseErrors } from './errors.js';
import { freeSlug, isUniqueViolation, slugify } from './slugs.js';

export interface Category {
  id: string;
  name: string;
  slug: string;
}

const slugTaken = () => new AppError(LmsErrors.categorySlugTaken);

/** Categories of each course (by name); one query for a page of courses. */
export async function categoriesOf(db: LmsDb, accountId: string, courseIds: string[]): Promise<Map<string, Category[]>> {
  const result = new Map<string, Category[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return result;
  const rows = await db
    .selectFrom('lms_course_categories as cc')
    .innerJoin('lms_categories as k', (join) => join.onRef('k.account_id', '=', 'cc.account_id').onRef('k.id', '=', 'cc.term_id'))
    .select(['cc.object_id', 'k.id', 'k.name', 'k.slug'])
    .where('cc.account_id', '=', accountId)
    .where('cc.object_id', 'in', courseIds)
    .orderBy('k.name')
    .execute();
  for (const row of rows) result.get(row.object_id)?.push({ id: row.id, name: row.name, slug: row.slug });
  return result;
}

/** Files the course under exactly these categories (SPEC Term relationship); unknown ids are a 400. */
export async function setCourseCategories(db: LmsDb, accountId: string, courseId: string, categoryIds: string[]): Promise<void> {
  if (categoryIds.length > 0) {
    const found = await db.selectFrom('lms_categories').select('id').where('account_id', '=', accountId).where('id', 'in', categoryIds).execute();
    if (found.length !== new Set(categoryIds).size) throw new AppError(Errors.unknownTerm, 'A category does not exist on this site');
  }
  let removal = db.deleteFrom('lms_course_categories').where('account_id', '=', accountId).where('object_id', '=', courseId);
  if (categoryIds.length > 0) removal = removal.where('term_id', 'not in', categoryIds);
  await removal.execute();
  if (categoryIds.length === 0) return;
  await db
    .insertInto('lms_course_categories')
    .values(categoryIds.map((term_id) => ({ account_id: accountId, term_id, object_id: courseId })))
    .onConflict((oc) => oc.columns(['account_id', 'term_id', 'object_id']).doNothing())
    .execute();
}

export const categoryStore = {
  /** Categories by name with the number of published courses in each. */
  async list(
    db: LmsDb,
    accountId: string,
    query: { search?: string; limit: number; offset: number },
  ): Promise<{ items: Array<Category & { count: number }>; total: number }> {
    let base = db.selectFrom('lms_categories as k').where('k.account_id', '=', accountId);
    if (query.search !== undefined) base = base.where('k.name', 'ilike', containsPattern(query.search.trim()));
    const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await base
      .select((eb) => [
        'k.id',
        'k.name',
        'k.slug',
        eb
          .selectFrom('lms_course_categories as cc')
          .innerJoin('lms_courses as c', (join) => join.onRef('c.account_id', '=', 'cc.account_id').onRef('c.id', '=', 'cc.object_id'))
          .select((inner) => inner.fn.countAll<string>().as('n'))
          .whereRef('cc.account_id', '=', 'k.account_id')
          .whereRef('cc.term_id', '=', 'k.id')
          .where('c.status', '=', 'published')
          .as('count'),
      ])
      .orderBy('k.name')
      .orderBy('k.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    return { items: rows.map((r) => ({ id: r.id, name: r.name, slug: r.slug, count: Number(r.count ?? 0) })), total: Number(total) };
  },

  async create(db: LmsDb, accountId: string, input: { name: string; slug?: string }): Promise<Category> {
    const name = input.name.trim();
    const slug = input.slug ?? (await freeSlug(db, 'lms_categories', accountId, slugify(name, 'category')));
    try {
      return await db
        .insertInto('lms_categories')
        .values({ account_id: accountId, name, slug, created_at: new Date() })
        .returning(['id', 'name', 'slug'])
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  },

  async update(db: LmsDb, accountId: string, id: string, input: { name?: string; slug?: string }): Promise<Category> {
    const changes = { ...(input.name === undefined ? {} : { name: input.name.trim() }), ...(input.slug === undefined ? {} : { slug: input.slug }) };
    try {
      const row =
        Object.keys(changes).length === 0
          ? await db.selectFrom('lms_categories').select(['id', 'name', 'slug']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst()
          : await db
              .updateTable('lms_categories')
              .set(changes)
              .where('account_id', '=', accountId)
              .where('id', '=', id)
              .returning(['id', 'name', 'slug'])
              .executeTakeFirst();
      if (row === undefined) throw new AppError(CourseErrors.categoryNotFound);
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  },

  /** Deletes the category; courses filed under it simply lose it (the links cascade). */
  async remove(db: LmsDb, accountId: string, id: string): Promise<void> {
    const { numDeletedRows } = await db.deleteFrom('lms_categories').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirstOrThrow();
    if (numDeletedRows === 0n) throw new AppError(CourseErrors.categoryNotFound);
  },
};
