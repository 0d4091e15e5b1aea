import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { typed } from '../http/typed-app.js';
import { contentStore } from '../content/index.js';
import type { Account } from '../tenancy/account.js';
import type { SiteFeedDeps } from './index.js';
import { emptyElement, rfc822Date, textElement, XML_DECLARATION } from './xml.js';

export const RSS_ITEMS = 20;

function siteTitle(account: Account): string {
  const { sitetitle } = account.settings as { sitetitle?: unknown };
  return typeof sitetitle === 'string' && sitetitle.trim() !== '' ? sitetitle.trim() : account.name;
}

/** GET /blog/rss.xml of every site: RSS 2.0 of the newest visible posts. */
export async function rssRoutes(server: FastifyInstance, deps: SiteFeedDeps): Promise<void> {
  const app = typed(server);
  app.get(
    '/blog/rss.xml',
    {
      config: { public: true },
      schema: { tags: ['site'], summary: `The blog's RSS 2.0 feed: the ${RSS_ITEMS} newest visible posts`, response: { 200: Type.String() } },
    },
    async (request, reply) => {
      const ctx = request.ctx;
      const base = deps.siteUrl(request);
      // The content store's visitor list: same visibility and newest-published-first order as /blog.
      const { items } = await contentStore.list(ctx.db, ctx.account.id, 'post', { visibleOnly: true, limit: RSS_ITEMS, offset: 0 });
      const entries = items.map((post) => {
        const link = `${base}/blog/${encodeURIComponent(post.slug)}`;
        return [
          '<item>',
          textElement('title', post.title),
          textElement('link', link),
          textElement('guid', link, { isPermaLink: 'true' }),
          post.published_at === null ? '' : textElement('pubDate', rfc822Date(post.published_at)),
          textElement('description', post.excerpt),
          '</item>',
        ].join('');
      });
      const newest = items[0]?.published_at ?? null;
      const channel = [
        textElement('title', siteTitle(ctx.account)),
        textElement('link', `${base}/blog`),
        textElement('description', `Latest posts from ${siteTitle(ctx.account)}`),
        emptyElement('atom:link', { href: `${base}/blog/rss.xml`, rel: 'self', type: 'application/rss+xml' }),
        newest === null ? '' : textElement('lastBuildDate', rfc822Date(newest)),
        ...entries,
      ].filter((line) => line !== '');
      reply.header('cache-control', 'public, max-age=300');
      reply.type('application/rss+xml; charset=utf-8');
      return `${XML_DECLARATION}\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">\n<channel>\n${channel.join('\n')}\n</channel>\n</rss>\n`;
    },
  );
}
