import type { AnyDb } from '../db/database.js';
import type { SiteSearchResults, SiteSearchType } from './contract.js';

/** A type of hit the search returns ('all' asks for every one of them). */
export type SiteSearchKind = Exclude<SiteSearchType, 'all'>;

/** What the visitor asked for, as plugins see it. */
export interface SiteSearchQuery {
  /** Trimmed, 1–200 characters. Match it literally: escape LIKE metacharacters (see escapeLike). */
  term: string;
  /** The types asked for, in answer order; a plugin adds hits only for types listed here. */
  types: SiteSearchKind[];
  /** Hits per type beyond this are dropped (SPEC §9: 9). */
  limit: number;
  accountId: string;
  /** The signed-in visitor, if any. The answer is cached publicly, so it must not depend on them. */
  userId: string | null;
}

/**
 * The value of the 'site.search' filter: the query, the request's transaction and the hits found
 * so far. A handler returns it with its own type filled in (the LMS sets `results.courses`).
 */
export interface SiteSearchFilterValue {
  query: SiteSearchQuery;
  /** The request's transaction (row-level security keeps it to the account): query through it. */
  db: AnyDb;
  results: SiteSearchResults;
}

declare module '../hooks/hook-bus.js' {
  interface FilterHooks {
    /**
     * Site search (GET /api/site/search): plugins add the hits of their types, e.g.
     * `hooks.addFilter('site.search', async (v) => v.query.types.includes('courses') ? { ...v, results: { ...v.results, courses: await findCourses(v.db, v.query) } } : v)`.
     * Hits are site paths (`/course/{slug}`); the kernel keeps the first `limit` of each type.
     */
    'site.search': SiteSearchFilterValue;
  }
}
