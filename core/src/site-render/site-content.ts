import { AppError } from '../errors/errors.js';
import type { AnyDb } from '../db/database.js';
import { sql } from 'kysely';
import { contentStore, VISIBLE, type ContentItem, type ContentType } from '../content/content-store.js';
import type { SiteContentItem, SiteDocSummary, SitePostSummary } from './contract.js';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const terms = (list: ContentItem['categories']) => (list ?? []).map((t) => ({ id: t.id, name: t.name, slug: t.slug }));

export function toSiteItem(item: ContentItem): SiteContentItem {
  const document = (item.document ?? { root: { props: {} }, content: [] }) as SiteContentItem['document'];
  return {
    id: item.id,
    type: item.type,
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    document: {
      root: document.root ?? { props: {} },
      content: Array.isArray(document.content) ? document.content : [],
      ...(document.zones === undefined ? {} : { zones: document.zones }),
    },
    settings: item.settings,
    seo: item.seo,
    authorName: item.author_name,
    publishedAt: iso(item.published_at ?? item.publish_at),
    updatedAt: iso(item.updated_at) ?? new Date(0).toISOString(),
    categories: terms(item.categories),
    tags: terms(item.tags),
  };
}

export function toPostSummary(item: ContentItem): SitePostSummary {
  const image = item.settings.featured_image;
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    excerpt: item.excerpt,
    featuredImage: typeof image === 'string' && image !== '' ? image : null,
    authorName: item.author_name,
    publishedAt: iso(item.published_at ?? item.publish_at),
  };
}

/** A visible item by slug, or (for a manager's preview) any item by id; null when there is none. */
export async function findItem(
  db: AnyDb,
  accountId: string,
  type: ContentType,
  by: { slug: string } | { id: string },
  visibleOnly: boolean,
): Promise<ContentItem | null> {
  try {
    return await contentStore.find(db, accountId, type, by, visibleOnly);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * The newest visible posts for post-list blocks: one query, no count and no terms (a list block
 * shows neither), on the (account_id, type, published_at) index.
 */
export async function recentPosts(db: AnyDb, accountId: string, limit: number): Promise<SitePostSummary[]> {
  const rows = await db
    .selectFrom('content_items as c')
    .leftJoin('members as m', (join) => join.onRef('m.account_id', '=', 'c.account_id').onRef('m.user_id', '=', 'c.author_id'))
    .select(['c.id', 'c.slug', 'c.title', 'c.excerpt', 'c.settings', 'c.published_at', 'c.publish_at', sql<string>`coalesce(m.name, '')`.as('author_name')])
    .where('c.account_id', '=', accountId)
    .where('c.type', '=', 'post')
    .where(VISIBLE)
    .orderBy('c.published_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => toPostSummary(row as unknown as ContentItem));
}

/** How many docs the docs index lists at most (a knowledge base larger than this wants search and sections). */
export const DOCS_LISTED = 200;

/** The visible docs by title for the docs index: one query on the (account_id, type, …) index. */
export async function docSummaries(db: AnyDb, accountId: string): Promise<SiteDocSummary[]> {
  return db
    .selectFrom('content_items as c')
    .select(['c.slug', 'c.title', 'c.excerpt'])
    .where('c.account_id', '=', accountId)
    .where('c.type', '=', 'doc')
    .where(VISIBLE)
    .orderBy('c.title')
    .orderBy('c.id')
    .limit(DOCS_LISTED)
    .execute();
}
