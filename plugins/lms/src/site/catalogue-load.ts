import type { SiteRouteInput, SiteRouteResult } from '@lectern/sdk';
import { courseStore } from '../courses/course-store.js';
import { COURSE_CATEGORIES_PATH } from './course-load.js';
import { lmsDb } from '../db/tables.js';
import { cardOf } from './cards.js';
import type { CatalogueData } from './types.js';

export const CATALOGUE_PAGE_SIZE = 12;
/** Far beyond any real catalogue; keeps the offset a small number whatever ?page says. */
const MAX_PAGE = 1000;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** ?page=N as a whole page number from 1; anything else is the first page. */
export function pageOf(query: URLSearchParams): number {
  const page = Number.parseInt(query.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1;
}

/**
 * GET /course[?page=N][&category=slug]: published courses, newest first, 12 a page. An unknown
 * category is not found (as the blog's); a page past the end shows the empty state.
 */
export async function loadCatalogue({ db: anyDb, accountId, query, t }: SiteRouteInput): Promise<SiteRouteResult | null> {
  const db = lmsDb(anyDb);
  const page = pageOf(query);
  const slug = query.get('category');
  let category: CatalogueData['category'] = null;
  if (slug !== null && slug !== '') {
    if (!SLUG.test(slug)) return null;
    const row = await db.selectFrom('lms_categories').select(['name', 'slug']).where('account_id', '=', accountId).where('slug', '=', slug).executeTakeFirst();
    if (row === undefined) return null;
    category = row;
  }
  const { items, total } = await courseStore.list(db, accountId, {
    publishedOnly: true,
    ...(category === null ? {} : { category: category.slug }),
    limit: CATALOGUE_PAGE_SIZE,
    offset: (page - 1) * CATALOGUE_PAGE_SIZE,
  });
  const data: CatalogueData = { courses: items.map((item) => cardOf(item, t)), total, page, perPage: CATALOGUE_PAGE_SIZE, category };
  return {
    data,
    title: category === null ? t('catalogue.title') : t('catalogue.titleCategory', { name: category.name }),
    description: category === null ? t('catalogue.description') : t('catalogue.descriptionCategory', { name: category.name }),
    type: 'website',
    adminLinks: [
      { id: 'courses', label: t('adminLinks.courses'), href: '/dashboard/instructor' },
      { id: 'course-categories', label: t('adminLinks.categories'), href: COURSE_CATEGORIES_PATH },
    ],
  };
}
