import type { SiteContentItem, SitePageData, SiteRoute, SiteShell } from '@lectern/sdk';
import { record } from '../lib/read.js';
import { readHeaderDocument } from '../lib/shell-documents.js';

type Section = SiteShell['header'];

const EMPTY_DOCUMENT: SiteContentItem['document'] = { root: { props: {} }, content: [] };

/**
 * The header's document as the browser needs it: only whether there is one (the header draws the
 * band's element around the server's HTML), so the blocks keep their types and lose their props.
 */
function headerForBrowser(shell: SiteShell): Section {
  const { document: _drawn, ...header } = record(shell.header) as Section;
  const drawn = readHeaderDocument(shell);
  if (drawn === null) return header;
  return { ...header, document: { root: { props: {} }, content: drawn.content.map((block) => ({ type: String(block?.type), props: {} })) } };
}

/** The footer is drawn by the server only: its document stays there. */
function footerForBrowser(shell: SiteShell): Section {
  const { document: _drawn, ...footer } = record(shell.footer) as Section;
  return footer;
}

/**
 * The page data the browser gets. Stored documents (the route's, the header's, the footer's), a
 * plugin page's data and the recent posts only feed parts the browser keeps as the server drew them
 * (ServerSlot), so they are left out rather than sent twice (once as HTML, once as JSON).
 * Everything the interactive shell reads stays.
 */
export function clientData(data: SitePageData): SitePageData {
  const strip = (item: SiteContentItem): SiteContentItem => ({ ...item, document: EMPTY_DOCUMENT });
  let route: SiteRoute = data.route;
  if (route.kind === 'home' && route.page !== null) route = { ...route, page: strip(route.page) };
  else if (route.kind === 'page') route = { ...route, page: strip(route.page) };
  else if (route.kind === 'post') route = { ...route, post: strip(route.post) };
  else if (route.kind === 'blog') route = { ...route, posts: [] };
  else if (route.kind === 'plugin') route = { ...route, data: null };
  const shell: SiteShell = { ...data.shell, header: headerForBrowser(data.shell), footer: footerForBrowser(data.shell) };
  // An overlay's document is drawn by the server like the page's; its plugin's rules stay.
  const overlays = (data.overlays ?? []).map((overlay) => ({ ...overlay, document: EMPTY_DOCUMENT }));
  return { ...data, shell, route, recentPosts: [], overlays };
}
