import { sql, type SelectQueryBuilder } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import { freeSlug, slugify } from './slugs.js';

export const TAXONOMIES = ['category', 'tag'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];

export interface Term {
  id: string;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
}

export interface TermWithCount extends Term {
  /** Objects (posts, and later courses) filed under the term. */
  count: number;
  created_at: Date;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** Categories and tags (SPEC §3 Term relationship) and what they are attached to. */
export const termStore = {
  async list(
    db: AnyDb,
    accountId: string,
    filters: { taxonomy?: Taxonomy; search?: string; limit: number; offset: number },
  ): Promise<{ terms: TermWithCount[]; total: number }> {
    const pattern = filters.search === undefined ? undefined : `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const filtered = <Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q => {
      let q = query.where('t.account_id', '=', accountId);
      if (filters.taxonomy !== undefined) q = q.where('t.taxonomy', '=', filters.taxonomy);
      if (pattern !== undefined) q = q.where('t.name', 'ilike', pattern);
      return q as Q;
    };
    const [rows, total] = await Promise.all([
      db
        .selectFrom('terms as t')
        .select(['t.id', 't.taxonomy', 't.name', 't.slug', 't.created_at'])
        .select(sql<number>`(SELECT count(*)::int FROM term_relationships r WHERE r.account_id = t.account_id AND r.term_id = t.id)`.as('count'))
        .$call(filtered)
        .orderBy('t.taxonomy')
        .orderBy('t.name')
        .orderBy('t.id')
        .limit(filters.limit)
        .offset(filters.offset)
        .execute(),
      db
        .selectFrom('terms as t')
        .select(sql<number>`count(*)::int`.as('n'))
        .$call(filtered)
        .executeTakeFirstOrThrow(),
    ]);
    return { terms: rows as TermWithCount[], total: total.n as number };
  },

  async get(db: AnyDb, accountId: string, id: string): Promise<TermWithCount> {
    const row = await db
      .selectFrom('terms as t')
      .select(['t.id', 't.taxonomy', 't.name', 't.slug', 't.created_at'])
      .select(sql<number>`(SELECT count(*)::int FROM term_relationships r WHERE r.account_id = t.account_id AND r.term_id = t.id)`.as('count'))
      .where('t.account_id', '=', accountId)
      .where('t.id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No such category or tag');
    return row as TermWithCount;
  },

  async create(db: AnyDb, accountId: string, input: { taxonomy: Taxonomy; name: string; slug?: string }): Promise<string> {
    const slug = input.slug ?? (await freeSlug(db, 'terms', { column: 'taxonomy', value: input.taxonomy }, accountId, slugify(input.name) || input.taxonomy));
    try {
      const row = await db
        .insertInto('terms')
        .values({ account_id: accountId, taxonomy: input.taxonomy, name: input.name, slug })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id as string;
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(input.taxonomy);
      throw error;
    }
  },

  async update(db: AnyDb, accountId: string, id: string, input: { name?: string; slug?: string }): Promise<TermWithCount> {
    const current = await termStore.get(db, accountId, id);
    if (input.name === undefined && input.slug === undefined) return current;
    try {
      await db
        .updateTable('terms')
        .set({ ...(input.name === undefined ? {} : { name: input.name }), ...(input.slug === undefined ? {} : { slug: input.slug }) })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(current.taxonomy);
      throw error;
    }
    return termStore.get(db, accountId, id);
  },

  /** Removes the term; its relationships go with it (foreign key). */
  async remove(db: AnyDb, accountId: string, id: string): Promise<Term> {
    const row = await db
      .deleteFrom('terms')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning(['id', 'taxonomy', 'name', 'slug'])
      .executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No such category or tag');
    return row as Term;
  },

  /** Files an object under exactly these terms of one taxonomy; an id that is not such a term is refused. */
  async attach(db: AnyDb, accountId: string, objectId: string, taxonomy: Taxonomy, ids: readonly string[]): Promise<void> {
    if (ids.length > 0) {
      const found = await db
        .selectFrom('terms')
        .select('id')
        .where('account_id', '=', accountId)
        .where('taxonomy', '=', taxonomy)
        .where('id', 'in', ids)
        .execute();
      if (found.length !== new Set(ids).size) throw new AppError(Errors.unknownTerm, `Every ${taxonomy} must be an existing ${taxonomy} of this site`);
    }
    await db
      .deleteFrom('term_relationships')
      .where('account_id', '=', accountId)
      .where('object_id', '=', objectId)
      .where('term_id', 'in', db.selectFrom('terms').select('id').where('account_id', '=', accountId).where('taxonomy', '=', taxonomy))
      .execute();
    if (ids.length === 0) return;
    await db
      .insertInto('term_relationships')
      .values([...new Set(ids)].map((termId) => ({ account_id: accountId, term_id: termId, object_id: objectId })))
      .execute();
  },

  async detachAll(db: AnyDb, accountId: string, objectId: string): Promise<void> {
    await db.deleteFrom('term_relationships').where('account_id', '=', accountId).where('object_id', '=', objectId).execute();
  },

  /** The terms of many objects in one query, grouped per object. */
  async forObjects(db: AnyDb, accountId: string, objectIds: readonly string[]): Promise<Map<string, Term[]>> {
    const byObject = new Map<string, Term[]>();
    if (objectIds.length === 0) return byObject;
    const rows = await db
      .selectFrom('term_relationships as r')
      .innerJoin('terms as t', (join) => join.onRef('t.account_id', '=', 'r.account_id').onRef('t.id', '=', 'r.term_id'))
      .select(['r.object_id', 't.id', 't.taxonomy', 't.name', 't.slug'])
      .where('r.account_id', '=', accountId)
      .where('r.object_id', 'in', objectIds)
      .orderBy('t.name')
      .execute();
    for (const { object_id: objectId, ...term } of rows as Array<Term & { object_id: string }>) {
      const list = byObject.get(objectId) ?? [];
      list.push(term);
      byObject.set(objectId, list);
    }
    return byObject;
  },
};

function slugTaken(taxonomy: Taxonomy): AppError {
  return new AppError(Errors.slugTaken, `Another ${taxonomy} already uses this slug`);
}
