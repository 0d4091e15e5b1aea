import { containsPattern, type PluginContext, type SiteSearchHit, type SiteSearchQuery } from '@lectern/sdk';
import { lmsDb, type LmsDb } from '../db/tables.js';
import { imageOf } from './cards.js';

/** Published courses whose title contains the term (case-insensitive, taken literally), newest first. */
export async function searchCourses(db: LmsDb, query: SiteSearchQuery): Promise<SiteSearchHit[]> {
  const limit = Math.max(0, Math.trunc(query.limit));
  if (limit === 0 || query.term.trim() === '') return [];
  const rows = await db
    .selectFrom('lms_courses')
    .select(['id', 'title', 'slug', 'excerpt', 'featured_image'])
    .where('account_id', '=', query.accountId)
    .where('status', '=', 'published')
    .where('title', 'ilike', containsPattern(query.term.trim()))
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    url: `/course/${encodeURIComponent(row.slug)}`,
    image: imageOf(row.featured_image),
    excerpt: row.excerpt,
  }));
}

/**
 * Adds courses to the site search (GET /api/site/search) when 'courses' is among the types asked
 * for. The kernel runs the handler only on sites with the lms feature on.
 */
export function registerLmsSearch(ctx: PluginContext): void {
  ctx.hooks.addFilter('site.search', async (value) => {
    if (!value.query.types.includes('courses')) return value;
    const courses = await searchCourses(lmsDb(value.db), value.query);
    return { ...value, results: { ...value.results, courses } };
  });
}
