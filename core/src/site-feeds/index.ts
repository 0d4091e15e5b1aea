import type { FastifyInstance, FastifyRequest } from 'fastify';
import { robotsRoutes } from './robots-routes.js';
import { rssRoutes } from './rss-routes.js';
import { sitemapRoutes } from './sitemap-routes.js';

export interface SiteFeedDeps {
  /**
   * The site's origin for the account the host resolved to (AuthService.siteUrl): feeds must never
   * echo the raw Host header, or anyone could plant links to their own domain in cached copies.
   */
  siteUrl: (request: FastifyRequest) => string;
}

/** What crawlers and feed readers fetch from every site (issue 6): sitemap.xml, robots.txt, the blog's RSS. */
export async function siteFeedRoutes(app: FastifyInstance, deps: SiteFeedDeps): Promise<void> {
  await sitemapRoutes(app, deps);
  await robotsRoutes(app, deps);
  await rssRoutes(app, deps);
}
