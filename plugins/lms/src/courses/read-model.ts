import type { Selectable } from '@lectern/sdk';
import type { CoursesTable, ItemType, LmsDb } from '../db/tables.js';

/** One curriculum item as the enrolment and assessment code sees it, in curriculum order. */
export interface CurriculumItem {
  id: string;
  post_type: ItemType;
  title: string;
  position: number;
  settings: Record<string, unknown>;
}

export type CourseRow = Selectable<CoursesTable>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the value can be compared with a uuid column without PostgreSQL raising an error. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A course's items in curriculum order (position, then id so equal positions stay stable). The
 * account is explicit as well as enforced by row-level security, so the query uses the index.
 */
export async function loadCurriculum(db: LmsDb, accountId: string, courseId: string): Promise<CurriculumItem[]> {
  if (!isUuid(courseId)) return [];
  const rows = await db
    .selectFrom('lms_items')
    .select(['id', 'post_type', 'title', 'position', 'settings'])
    .where('account_id', '=', accountId)
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, settings: r.settings ?? {} }));
}

/**
 * A course by id or slug (any status), or null. With `holdCurriculum`, the read also takes the
 * course row's key-share lock that progress writers hold before the enrolment row
 * (enrolment/course-progress.ts holdCurriculum), so they need no second query for it.
 */
export async function findCourse(db: LmsDb, accountId: string, idOrSlug: string, options: { holdCurriculum?: boolean } = {}): Promise<CourseRow | null> {
  let q = db.selectFrom('lms_courses').selectAll().where('account_id', '=', accountId);
  q = isUuid(idOrSlug) ? q.where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)])) : q.where('slug', '=', idOrSlug);
  if (options.holdCurriculum === true) q = q.forKeyShare();
  // An id match wins over a slug that happens to look like another course's id.
  const rows = await q.limit(2).execute();
  return rows.find((r) => r.id === idOrSlug) ?? rows[0] ?? null;
}

/** What course events name (id, title, slug) of a course known to exist in the account. */
export function courseRefOf(db: LmsDb, accountId: string, courseId: string): Promise<{ id: string; title: string; slug: string } | undefined> {
  return db.selectFrom('lms_courses').select(['id', 'title', 'slug']).where('account_id', '=', accountId).where('id', '=', courseId).executeTakeFirst();
}
