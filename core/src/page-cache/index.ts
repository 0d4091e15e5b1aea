import type { ContentEvent } from '../content/content-store.js';
import { HOME_SLUG } from '../content/paths.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { PageCache } from './page-cache.js';

export { PageCache, variantFor, SITE_OPTION_KEYS, PAGE_CACHE_DEFAULTS, type CachedPage, type PageCacheOptions, type SiteOptionKey } from './page-cache.js';
export { pageCacheRoutes, type PageCacheRouteDeps } from './routes.js';

/**
 * The paths a content change can alter, or null when it may touch any page (a category or tag is
 * shown wherever its posts are listed, so the whole account goes).
 */
export function pathsFor(event: Pick<ContentEvent, 'type' | 'slug'>): string[] | null {
  switch (event.type) {
    case 'page':
      return event.slug === HOME_SLUG ? ['/', `/${HOME_SLUG}`] : [`/${event.slug}`];
    case 'post':
      // The post's own page, the blog list and the home page (which may list recent posts).
      return [`/blog/${event.slug}`, '/blog', '/'];
    case 'doc':
      // The doc's own page and the docs index that lists it.
      return [`/docs/${event.slug}`, '/docs'];
    default:
      return null;
  }
}

async function purgeFor(pageCache: PageCache, event: ContentEvent): Promise<void> {
  const paths = pathsFor(event);
  if (paths === null) {
    await pageCache.purgeAccount(event.accountId);
    return;
  }
  for (const path of paths) await pageCache.purgePath(event.accountId, path);
}

/**
 * Content changes (committed) and publications (now or when their scheduled time comes) purge the
 * pages they show on; the purge reaches every instance through the page cache's bus.
 */
export function purgePagesOnContentChanges(hooks: HookBus, pageCache: PageCache): void {
  hooks.addAction('content.changed', (event) => purgeFor(pageCache, event));
  hooks.addAction('content.published', (event) => purgeFor(pageCache, event));
}
