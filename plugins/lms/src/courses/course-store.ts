import { AppError, containsPattern, planLimit, sql } from '@lectern/sdk';
import type { CourseSettings, CourseStatus, LmsDb } from '../db/tables.js';
import { LmsErrors } from '../errors.js';
import { categoriesOf, setCourseCategories } from './category-store.js';
import { EMPTY_DOCUMENT, checkDocument } from './document.js';
import { CourseErrors } from './errors.js';
import type { CourseUpdateWire } from './schemas.js';
import { authorsOf, checkAuthors, type Person } from './people.js';
import { findCourse, type CourseRow } from './read-model.js';
import { freeSlug, isUniqueViolation, slugify } from './slugs.js';

/** Fields a course is written with: the update body's wire shape (create also requires the title). */
export type CourseInput = CourseUpdateWire;

export interface CourseView {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featured_image: { image?: string };
  status: CourseStatus;
  seats: number | null;
  student_count: number;
  settings: CourseSettings;
  author_id: string | null;
  authors: Person[];
  categories: Array<{ id: string; name: string; slug: string }>;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
  document?: Record<string, unknown>;
}

/** A single course read: the view with its document. */
export type CourseWithDocument = CourseView & { document: Record<string, unknown> };

export interface ListFilters {
  search?: string;
  status?: CourseStatus;
  category?: string;
  author?: string;
  limit: number;
  offset: number;
  /** Visitors' catalogue: published courses only, newest published first. */
  publishedOnly?: boolean;
}

const SUMMARY = [
  'id',
  'title',
  'slug',
  'excerpt',
  'featured_image',
  'status',
  'seats',
  'student_count',
  'settings',
  'author_id',
  'published_at',
  'created_at',
  'updated_at',
] as const;
const slugTaken = () => new AppError(LmsErrors.courseSlugTaken);

/** Adds authors and categories to a page of courses: two queries whatever the page size. */
async function hydrate(
  db: LmsDb,
  accountId: string,
  rows: Array<Omit<CourseRow, 'document' | 'account_id'> & { document?: Record<string, unknown> }>,
): Promise<CourseView[]> {
  const ids = rows.map((r) => r.id);
  // One after the other: both run on the request's single transaction connection.
  const authors = await authorsOf(db, accountId, ids);
  const categories = await categoriesOf(db, accountId, ids);
  return rows.map((r) => ({
    ...r,
    featured_image: r.featured_image ?? {},
    settings: r.settings ?? {},
    authors: authors.get(r.id) ?? [],
    categories: categories.get(r.id) ?? [],
  }));
}

async function setAuthors(db: LmsDb, accountId: string, courseId: string, userIds: string[]): Promise<void> {
  await db
    .deleteFrom('lms_course_authors')
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .where('author_id', 'not in', userIds)
    .execute();
  await db
    .insertInto('lms_course_authors')
    .values(userIds.map((author_id) => ({ account_id: accountId, course_id: courseId, author_id })))
    .onConflict((oc) => oc.columns(['account_id', 'course_id', 'author_id']).doNothing())
    .execute();
}

/** Refuses a course beyond the plan's `courses` limit (SPEC §9), counted under a per-account lock. */
async function checkCourseLimit(db: LmsDb, accountId: string, plan: string): Promise<void> {
  const limit = planLimit(plan, 'courses');
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`lms_courses:${accountId}`}))`.execute(db);
  const { count } = await db
    .selectFrom('lms_courses')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= limit) throw new AppError(CourseErrors.courseLimit, `${CourseErrors.courseLimit.message} (${limit} on this plan)`);
}

export const courseStore = {
  /** A draft course; the creator is its first author unless authors are given. */
  async create(db: LmsDb, account: { id: string; plan: string }, userId: string, input: CourseInput & { title: string }): Promise<string> {
    await checkCourseLimit(db, account.id, account.plan);
    const title = input.title.trim();
    const slug = input.slug ?? (await freeSlug(db, 'lms_courses', account.id, slugify(title, 'course')));
    const authors = input.authors ?? [userId];
    await checkAuthors(db, account.id, authors);
    const document = checkDocument(input.document ?? EMPTY_DOCUMENT);
    let id: string;
    try {
      ({ id } = await db
        .insertInto('lms_courses')
        .values({
          account_id: account.id,
          title,
          slug,
          excerpt: input.excerpt ?? '',
          featured_image: JSON.stringify(input.featured_image ?? {}),
          document,
          author_id: authors[0] ?? userId,
          seats: input.seats ?? null,
          settings: JSON.stringify(input.settings ?? {}),
          published_at: null,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    await setAuthors(db, account.id, id, authors);
    if (input.categories !== undefined) await setCourseCategories(db, account.id, id, input.categories);
    return id;
  },

  /** A course in any status, with its document (404 when missing). */
  async get(db: LmsDb, accountId: string, id: string): Promise<CourseWithDocument> {
    const row = await findCourse(db, accountId, id);
    if (row === null || row.id !== id) throw new AppError(LmsErrors.courseNotFound);
    const [view] = await hydrate(db, accountId, [row]);
    // hydrate maps one row to one view, so there is one.
    return { ...(view as CourseView), document: row.document };
  },

  async update(db: LmsDb, accountId: string, course: CourseRow, input: CourseInput): Promise<void> {
    if (input.authors !== undefined) await checkAuthors(db, accountId, input.authors);
    const changes: Record<string, unknown> = { updated_at: new Date() };
    if (input.title !== undefined) changes.title = input.title.trim();
    if (input.slug !== undefined) changes.slug = input.slug;
    if (input.excerpt !== undefined) changes.excerpt = input.excerpt;
    if (input.featured_image !== undefined) changes.featured_image = JSON.stringify(input.featured_image);
    if (input.document !== undefined) changes.document = checkDocument(input.document);
    if (input.seats !== undefined) changes.seats = input.seats;
    if (input.settings !== undefined) changes.settings = JSON.stringify({ ...(course.settings ?? {}), ...input.settings });
    if (input.authors !== undefined) changes.author_id = input.authors[0];
    try {
      await db.updateTable('lms_courses').set(changes).where('account_id', '=', accountId).where('id', '=', course.id).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    if (input.authors !== undefined) await setAuthors(db, accountId, course.id, input.authors);
    if (input.categories !== undefined) await setCourseCategories(db, accountId, course.id, input.categories);
  },

  /** Publishes (keeping the first publish time) or takes back to draft. */
  async setStatus(db: LmsDb, accountId: string, id: string, status: CourseStatus): Promise<void> {
    await db
      .updateTable('lms_courses')
      .set({ status, updated_at: new Date(), ...(status === 'published' ? { published_at: sql<Date>`coalesce(published_at, now())` } : {}) })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  },

  /**
   * Deletes the course. The schema's cascades remove everything that hangs off it: authors, meta,
   * category links, items with their questions and submissions, and enrolments.
   */
  async remove(db: LmsDb, accountId: string, id: string): Promise<void> {
    await db.deleteFrom('lms_courses').where('account_id', '=', accountId).where('id', '=', id).execute();
  },

  async list(db: LmsDb, accountId: string, filters: ListFilters): Promise<{ items: CourseView[]; total: number }> {
    let query = db.selectFrom('lms_courses as c').where('c.account_id', '=', accountId);
    if (filters.publishedOnly === true) query = query.where('c.status', '=', 'published');
    else if (filters.status !== undefined) query = query.where('c.status', '=', filters.status);
    if (filters.search !== undefined) query = query.where('c.title', 'ilike', containsPattern(filters.search.trim()));
    if (filters.category !== undefined) {
      const slug = filters.category;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('lms_course_categories as cc')
            .innerJoin('lms_categories as k', (join) => join.onRef('k.account_id', '=', 'cc.account_id').onRef('k.id', '=', 'cc.term_id'))
            .select('cc.object_id')
            .whereRef('cc.account_id', '=', 'c.account_id')
            .whereRef('cc.object_id', '=', 'c.id')
            .where('k.slug', '=', slug),
        ),
      );
    }
    if (filters.author !== undefined) {
      const author = filters.author;
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('lms_course_authors as a')
            .select('a.author_id')
            .whereRef('a.account_id', '=', 'c.account_id')
            .whereRef('a.course_id', '=', 'c.id')
            .where('a.author_id', '=', author),
        ),
      );
    }
    const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
    const rows = await (filters.publishedOnly === true ? query.orderBy('c.published_at', 'desc') : query.orderBy('c.updated_at', 'desc'))
      .orderBy('c.id')
      .select(SUMMARY.map((column) => `c.${column}` as const))
      .limit(filters.limit)
      .offset(filters.offset)
      .execute();
    return { items: await hydrate(db, accountId, rows), total: Number(total) };
  },

  /** Published courses by slug (unknown and draft ones left out), for course-card blocks. */
  async publishedBySlugs(db: LmsDb, accountId: string, slugs: readonly string[]): Promise<CourseView[]> {
    if (slugs.length === 0) return [];
    const rows = await db
      .selectFrom('lms_courses as c')
      .select(SUMMARY.map((column) => `c.${column}` as const))
      .where('c.account_id', '=', accountId)
      .where('c.status', '=', 'published')
      .where('c.slug', 'in', [...slugs])
      .execute();
    return hydrate(db, accountId, rows);
  },

  /** A published course by slug, for visitors (drafts are not found). */
  async findPublished(db: LmsDb, accountId: string, slug: string): Promise<CourseWithDocument> {
    const row = await db
      .selectFrom('lms_courses')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('slug', '=', slug)
      .where('status', '=', 'published')
      .executeTakeFirst();
    if (row === undefined) throw new AppError(LmsErrors.courseNotFound);
    const [view] = await hydrate(db, accountId, [row]);
    // hydrate maps one row to one view, so there is one.
    return { ...(view as CourseView), document: row.document };
  },
};
