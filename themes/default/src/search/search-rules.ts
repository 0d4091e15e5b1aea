import type { SiteSearchHit, SiteSearchResults } from '@lectern/sdk';
// SPEC §9: at most 9 hits per type (the kernel's limit).
import { SEARCH_LIMIT } from '@lectern/sdk/site';

export { SEARCH_LIMIT };

/** SPEC §5: wait 500 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_FILTERS = ['all', 'courses', 'blog', 'pages', 'members'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];
export type SearchGroupType = Exclude<SearchFilter, 'all'>;
const GROUP_ORDER: readonly SearchGroupType[] = ['courses', 'blog', 'pages', 'members'];

/** SPEC §5: the search runs only when the term is non-empty. */
export function shouldSearch(term: string): boolean {
  return term.trim() !== '';
}

export function searchUrl(term: string, type: SearchFilter): string {
  return `/api/site/search?${new URLSearchParams({ term: term.trim(), type }).toString()}`;
}

export interface SearchGroup {
  type: SearchGroupType;
  hits: SiteSearchHit[];
}

const isHit = (value: unknown): value is SiteSearchHit => {
  if (typeof value !== 'object' || value === null) return false;
  const hit = value as Record<string, unknown>;
  return typeof hit.id === 'string' && typeof hit.title === 'string' && typeof hit.url === 'string';
};

/** Non-empty groups in a stable order, each capped at 9, whatever the server sent. */
export function groupResults(results: unknown): SearchGroup[] {
  if (typeof results !== 'object' || results === null) return [];
  const byType = results as SiteSearchResults;
  const groups: SearchGroup[] = [];
  for (const type of GROUP_ORDER) {
    const raw: unknown = byType[type];
    const hits = Array.isArray(raw) ? raw.filter(isHit).slice(0, SEARCH_LIMIT) : [];
    if (hits.length > 0) groups.push({ type, hits });
  }
  return groups;
}

/** SPEC §5/§8: errors.notFound shows when the term is longer than 3 characters and nothing matched. */
export function showNotFound(term: string, groups: SearchGroup[], settled: boolean): boolean {
  return settled && term.trim().length > 3 && groups.length === 0;
}

/** Only same-site paths or http(s) URLs from search hits become links. */
export function hitHref(url: string): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : '#';
}
