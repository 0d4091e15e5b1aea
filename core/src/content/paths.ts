import type { ContentType } from './content-store.js';

/** The home page is the page stored under this slug, served at '/'. */
export const HOME_SLUG = 'home';

/** Where a section of the site lists its items: posts under /blog, docs under /docs; pages have none. */
export const SECTION_PATHS: Readonly<Record<ContentType, string | null>> = { page: null, post: '/blog', doc: '/docs' };

/** Where visitors find an item: the home page at '/', other pages at /{slug}, posts at /blog/{slug}, docs at /docs/{slug}. */
export function contentPath(type: ContentType, slug: string): string {
  const section = SECTION_PATHS[type];
  if (section !== null) return `${section}/${encodeURIComponent(slug)}`;
  return slug === HOME_SLUG ? '/' : `/${encodeURIComponent(slug)}`;
}
