import type { AnyDb } from '../db/database.js';
import { VISIBLE, type ContentType } from '../content/content-store.js';
import { contentPath } from '../content/paths.js';
import type { SiteSearchHit } from './contract.js';
import { imageUrl } from './image-url.js';
import { containsPattern, relevance, shorten } from './match.js';

const objectOf = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

/**
 * Visible pages or posts of the account whose title holds the term, best match first, then the
 * newest. Drafts and scheduled items whose time has not come never match.
 */
export async function searchContent(db: AnyDb, accountId: string, type: ContentType, term: string, limit: number): Promise<SiteSearchHit[]> {
  const rows = await db
    .selectFrom('content_items as c')
    .select(['c.id', 'c.slug', 'c.title', 'c.excerpt', 'c.settings', 'c.seo'])
    .where('c.account_id', '=', accountId)
    .where('c.type', '=', type)
    .where(VISIBLE)
    .where('c.title', 'ilike', containsPattern(term))
    .orderBy(relevance('c.title', term))
    .orderBy('c.published_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const settings = objectOf(row.settings);
    const seo = objectOf(row.seo);
    return {
      id: row.id as string,
      title: row.title as string,
      url: contentPath(type, row.slug as string),
      image: imageUrl(settings.featured_image) ?? imageUrl(seo.image),
      excerpt: shorten((row.excerpt as string | null) ?? ''),
    };
  });
}
