import { AppError } from '../errors/errors.js';
import type { AnyDb } from '../db/database.js';
import { contentStore, type ContentItem, type ContentType } from '../content/content-store.js';
import type { SiteContentItem, SitePostSummary } from './contract.js';

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
    document: { root: document.root ?? { props: {} }, content: Array.isArray(document.content) ? document.content : [], ...(document.zones === undefined ? {} : { zones: document.zones }) },
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
export async function findItem(db: AnyDb, accountId: string, type: ContentType, by: { slug: string } | { id: string }, visibleOnly: boolean): Promise<ContentItem | null> {
  try {
    return await contentStore.find(db, accountId, type, by, visibleOnly);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

export async function recentPosts(db: AnyDb, accountId: string, limit: number): Promise<SitePostSummary[]> {
  const { items } = await contentStore.list(db, accountId, 'post', { visibleOnly: true, limit, offset: 0 });
  return items.map(toPostSummary);
}
