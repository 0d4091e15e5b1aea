import type { SiteContentItem, SitePageData, SiteRoute } from '@lectern/sdk';

const EMPTY_DOCUMENT: SiteContentItem['document'] = { root: { props: {} }, content: [] };

/**
 * The page data the browser gets. Stored documents and the recent posts only feed the content
 * area, which the browser keeps as the server drew it (ServerSlot), so they are left out rather
 * than sent twice (once as HTML, once as JSON). Everything the interactive shell reads stays.
 */
export function clientData(data: SitePageData): SitePageData {
  const strip = (item: SiteContentItem): SiteContentItem => ({ ...item, document: EMPTY_DOCUMENT });
  let route: SiteRoute = data.route;
  if (route.kind === 'home' && route.page !== null) route = { ...route, page: strip(route.page) };
  else if (route.kind === 'page') route = { ...route, page: strip(route.page) };
  else if (route.kind === 'post') route = { ...route, post: strip(route.post) };
  else if (route.kind === 'blog') route = { ...route, posts: [] };
  return { ...data, route, recentPosts: [] };
}
