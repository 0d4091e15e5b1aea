/**
 * GET /api/site/search?term=…&type=all|courses|blog|pages|members (SPEC §2, §5, §7): a text match
 * on titles (names for members), at most 9 hits per type. Plugins add their types' hits through the
 * 'site.search' filter (the LMS adds courses).
 */
export const SEARCH_TYPES = ['all', 'courses', 'blog', 'pages', 'members'] as const;
export type SiteSearchType = (typeof SEARCH_TYPES)[number];
/** SPEC §9: search limit 9 per type. */
export const SEARCH_LIMIT = 9;

export interface SiteSearchHit {
  id: string;
  title: string;
  /** Site path to open, e.g. /blog/hello-world. */
  url: string;
  image: string | null;
  excerpt: string;
}

/** Hits per type; a type that was not asked for is absent. */
export type SiteSearchResults = Partial<Record<Exclude<SiteSearchType, 'all'>, SiteSearchHit[]>>;
