import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { VISIBLE, type ContentType } from '../content/content-store.js';
import { contentPath } from '../content/paths.js';
import type { AnyDb } from '../db/database.js';
import type { SiteFeedDeps } from './index.js';
import { textElement, w3cDate, XML_DECLARATION } from './xml.js';

/** The sitemaps.org limit for one file; the home page and the blog take two of the places. */
export const SITEMAP_MAX_URLS = 50_000;
const FIXED_PATHS = ['/', '/blog'];

interface SitemapRow {
  type: ContentType;
  slug: string;
  updated_at: Date | string;
}

/**
 * Visible pages and posts in one query. Visibility is the content store's (published, or scheduled
 * and due); an explicit noindex in settings or seo keeps an item out of search engines' list.
 */
async function indexableItems(db: AnyDb, accountId: string, limit: number): Promise<SitemapRow[]> {
  const rows = await db
    .selectFrom('content_items as c')
    .select(['c.type', 'c.slug', 'c.updated_at'])
    .where('c.account_id', '=', accountId)
    .where(VISIBLE)
    .where(sql<boolean>`NOT (c.settings @> '{"noindex": true}'::jsonb OR c.seo @> '{"noindex": true}'::jsonb)`)
    .orderBy('c.type')
    .orderBy('c.updated_at', 'desc')
    .orderBy('c.id')
    .limit(limit)
    .execute();
  return rows as SitemapRow[];
}

function urlEntry(loc: string, lastmod?: Date | string): string {
  return `<url>${textElement('loc', loc)}${lastmod === undefined ? '' : textElement('lastmod', w3cDate(lastmod))}</url>`;
}

/** GET /sitemap.xml of every site: its absolute URLs, on the domain the visitor reached it by. */
export async function sitemapRoutes(server: FastifyInstance, deps: SiteFeedDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/sitemap.xml',
    {
      config: { public: true },
      schema: {
        tags: ['site'],
        summary: "The site's XML sitemap (sitemaps.org 0.9): home, blog, visible pages and posts",
        response: { 200: Type.String() },
      },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const base = deps.siteUrl(request);
      const items = await indexableItems(ctx.db, ctx.account.id, SITEMAP_MAX_URLS - FIXED_PATHS.length);
      const entries = [
        ...FIXED_PATHS.map((path) => urlEntry(`${base}${path}`)),
        ...items.map((item) => urlEntry(`${base}${contentPath(item.type, item.slug)}`, item.updated_at)),
      ];
      reply.header('cache-control', 'public, max-age=300');
      reply.type('application/xml; charset=utf-8');
      return `${XML_DECLARATION}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
    },
  );
}
