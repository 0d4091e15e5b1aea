import type { FastifyInstance } from 'fastify';
import { searchRoutes, type SiteSearchDeps } from './search-routes.js';

export { SEARCH_LIMIT, SEARCH_TYPES, type SiteSearchHit, type SiteSearchResults, type SiteSearchType } from './contract.js';
export type { SiteSearchFilterValue, SiteSearchKind, SiteSearchQuery } from './search-hook.js';
export { escapeLike, containsPattern } from './match.js';
export type { SiteSearchDeps } from './search-routes.js';

/**
 * The site's search (GET /api/site/search, public). Plugins add their types' hits through the
 * 'site.search' filter; without plugins, courses is an empty list.
 */
export async function siteSearchRoutes(app: FastifyInstance, deps: SiteSearchDeps): Promise<void> {
  await searchRoutes(app, deps);
}
