import { findPlan } from '../plans/catalogue.js';
import type { AnyDb } from '../db/database.js';
import { contentStore, type ContentType } from '../content/content-store.js';
import { HOME_SLUG } from '../content/paths.js';
import { SLUG_MAX, SLUG_PATTERN } from '../content/slugs.js';
import type { SiteContentItem, SiteRoute } from './contract.js';
import { findItem, toPostSummary, toSiteItem } from './site-content.js';

// The home page is the page stored under this slug (content/paths.ts, which the page cache and sitemap share).
export { HOME_SLUG } from '../content/paths.js';
export const BLOG_PAGE_SIZE = 10;
const MAX_BLOG_PAGE = 1000;
const SLUG = new RegExp(SLUG_PATTERN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FIXED: Record<string, SiteRoute['kind']> = { '/login': 'login', '/signup': 'signup', '/thankyou': 'thankyou', '/subscribed': 'subscribed' };

export interface RouteRequest {
  db: AnyDb;
  accountId: string;
  /** The path without its query, trailing slashes removed ('/' stays). */
  pathname: string;
  query: URLSearchParams;
  staticPaths: readonly string[];
  /** The viewer may see drafts (`?preview=<id>` from the editor). */
  canPreview: boolean;
}

export interface ResolvedRoute {
  route: SiteRoute;
  /**
   * The path the render depends on, with only the query parameters that change it: the page cache
   * key. Anything else in the query (tracking parameters…) shares the same cached page.
   */
  cachePath: string;
  /** Drafts in preview are never cached. */
  preview: boolean;
}

const isSlug = (value: string) => value.length <= SLUG_MAX && SLUG.test(value);

function previewId(request: RouteRequest): string | null {
  const id = request.query.get('preview');
  return request.canPreview && id !== null && UUID.test(id) ? id : null;
}

async function contentRoute(request: RouteRequest, type: ContentType, slug: string): Promise<{ item: SiteContentItem; preview: boolean } | null> {
  const draftId = previewId(request);
  if (draftId !== null) {
    const draft = await findItem(request.db, request.accountId, type, { id: draftId }, false);
    if (draft !== null) return { item: toSiteItem(draft), preview: true };
  }
  const item = await findItem(request.db, request.accountId, type, { slug }, true);
  return item === null ? null : { item: toSiteItem(item), preview: false };
}

async function blogRoute(request: RouteRequest): Promise<ResolvedRoute> {
  const pageParam = Number.parseInt(request.query.get('page') ?? '1', 10);
  const page = Number.isFinite(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_BLOG_PAGE) : 1;
  const categorySlug = request.query.get('category');
  const category = categorySlug !== null && isSlug(categorySlug) ? categorySlug : null;
  const { items, total } = await contentStore.list(request.db, request.accountId, 'post', {
    visibleOnly: true,
    limit: BLOG_PAGE_SIZE,
    offset: (page - 1) * BLOG_PAGE_SIZE,
    ...(category === null ? {} : { category }),
  });
  let categoryInfo: { name: string; slug: string } | null = null;
  if (category !== null) {
    const term = await request.db
      .selectFrom('terms')
      .select(['name', 'slug'])
      .where('account_id', '=', request.accountId)
      .where('taxonomy', '=', 'category')
      .where('slug', '=', category)
      .executeTakeFirst();
    if (term === undefined) return { route: { kind: 'notFound' }, cachePath: request.pathname, preview: false };
    categoryInfo = term;
  }
  return {
    route: { kind: 'blog', posts: items.map(toPostSummary), total, page, perPage: BLOG_PAGE_SIZE, category: categoryInfo },
    cachePath: pageKeyOf('/blog', request.query),
    preview: false,
  };
}

/**
 * What a site path shows: the home page, the blog and its posts, the fixed pages, the theme's own
 * pages, or a page by its slug; anything else is not found. Loads what the route draws.
 */
export async function resolveRoute(request: RouteRequest): Promise<ResolvedRoute> {
  const { pathname } = request;
  const plain = (route: SiteRoute): ResolvedRoute => ({ route, cachePath: pathname, preview: false });

  if (pathname === '/') {
    const found = await contentRoute(request, 'page', HOME_SLUG);
    return { route: { kind: 'home', page: found?.item ?? null }, cachePath: '/', preview: found?.preview ?? false };
  }
  if (pathname === '/blog') return blogRoute(request);
  const fixed = FIXED[pathname];
  // The platform's sign-up draws the plan a pricing link chose (?plan=…): one cached page per plan.
  // Only a plan the catalogue has makes its own page, so made-up values cannot fill the cache.
  if (fixed === 'signup') {
    const plan = request.query.get('plan');
    return { route: { kind: 'signup' }, cachePath: plan !== null && findPlan(plan) !== undefined ? `${pathname}?plan=${plan}` : pathname, preview: false };
  }
  if (fixed === 'login' || fixed === 'thankyou' || fixed === 'subscribed') return plain({ kind: fixed });
  const segments = pathname.slice(1).split('/');
  if (segments.length === 2 && segments[0] === 'docs' && isSlug(segments[1] ?? '')) {
    // A doc written in the editor, at its own address or in place of a guide the theme draws.
    const found = await contentRoute(request, 'doc', segments[1] ?? '');
    if (found !== null) return { route: { kind: 'page', page: found.item, preview: found.preview }, cachePath: pathname, preview: found.preview };
  }
  if (request.staticPaths.includes(pathname)) {
    // A published page of the same address replaces the theme's own (the platform's super-admins
    // rewrite /features or /pricing in the editor); without one, the theme draws it.
    const slug = pathname.slice(1);
    const found = isSlug(slug) ? await contentRoute(request, 'page', slug) : null;
    if (found !== null) return { route: { kind: 'page', page: found.item, preview: found.preview }, cachePath: pathname, preview: found.preview };
    return plain({ kind: 'static', path: pathname });
  }

  if (segments.length === 2 && segments[0] === 'blog' && isSlug(segments[1] ?? '')) {
    const found = await contentRoute(request, 'post', segments[1] ?? '');
    if (found !== null) return { route: { kind: 'post', post: found.item, preview: found.preview }, cachePath: pathname, preview: found.preview };
  } else if (segments.length === 1 && isSlug(segments[0] ?? '')) {
    const found = await contentRoute(request, 'page', segments[0] ?? '');
    if (found !== null) return { route: { kind: 'page', page: found.item, preview: found.preview }, cachePath: pathname, preview: found.preview };
  }
  return plain({ kind: 'notFound' });
}

/**
 * The page cache key of a request, worked out before any database work: the path plus the only
 * query parameters that change a page (the blog's page and category), in a fixed order.
 */
export function pageKeyOf(pathname: string, query: URLSearchParams): string {
  if (pathname !== '/blog') return pathname;
  const params = new URLSearchParams();
  const category = query.get('category');
  if (category !== null && SLUG.test(category)) params.set('category', category);
  const page = Number.parseInt(query.get('page') ?? '1', 10);
  if (Number.isFinite(page) && page > 1) params.set('page', String(Math.min(page, MAX_BLOG_PAGE)));
  const text = params.toString();
  return text === '' ? '/blog' : `/blog?${text}`;
}

/**
 * A page cache key made of the path and the named query parameters (in the given order, empty ones
 * left out), for plugin pages that declare which parameters change them.
 */
export function queryKey(pathname: string, query: URLSearchParams, names: readonly string[]): string {
  const params = new URLSearchParams();
  for (const name of names) {
    const value = query.get(name);
    if (value !== null && value !== '' && value.length <= 200) params.set(name, value);
  }
  const text = params.toString();
  return text === '' ? pathname : `${pathname}?${text}`;
}
