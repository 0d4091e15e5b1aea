/**
 * The contract between the kernel and a theme. The kernel resolves the account, the visitor and
 * the route, loads what the route shows (inside the request's tenancy) and hands a theme one plain,
 * JSON-serialisable `SitePageData`; the theme answers with the whole HTML document. The same data
 * is embedded in the page so the theme's browser bundle hydrates exactly what the server drew.
 * Themes import these types from @lectern/sdk, never from the kernel.
 */
import type { AnyDb } from '../db/database.js';
import type { JsonObject } from '../db/schema.js';
import type { Token } from '../container/tokens.js';
import type { PluginTranslate } from '../plugins/plugin-text.js';

/** The account-wide parts of every page: identity and the site settings of SPEC §3. */
export interface SiteShell {
  account: {
    id: string;
    slug: string;
    name: string;
    isPlatform: boolean;
    plan: string;
    /** Effective features (switched on and in the plan), sorted. */
    features: string[];
  };
  /** https://host[:port] of this site, no trailing slash. */
  siteUrl: string;
  /** Public URL prefix of the account's public storage buckets: `${storageUrl}/avatars/{userId}/avatar.jpg`. */
  storageUrl: string;
  /** SPEC §9 language code (settings.defaultLanguage, else en). */
  language: string;
  /** 'rtl' for Arabic. */
  direction: 'ltr' | 'rtl';
  /** ISO 4217 code (settings.currency, else USD). */
  currency: string;
  /** Stored sections as the owner saved them (see core/src/site-settings/schemas.ts). */
  settings: JsonObject;
  menus: JsonObject;
  header: JsonObject;
  footer: JsonObject;
  theme: JsonObject;
  notices: JsonObject;
  /** misc.scripts, injected before </body> as the owner wrote them (allowed by the page's CSP). */
  scripts: string;
  /**
   * Names of the plugins that are on for the account (no feature, or a feature among the effective
   * ones), sorted: the theme's browser code loads these plugins' island modules.
   */
  plugins: string[];
}

/** The signed-in member looking at the page, or null for a signed-out visitor. */
export interface SiteViewer {
  userId: string;
  name: string;
  email: string;
  /** The member's avatar URL (may 404: the chip falls back to the default avatar). */
  avatarUrl: string;
  role: string;
  caps: string[];
}

/** A published page or post as visitors may read it. */
export interface SiteContentItem {
  id: string;
  type: 'page' | 'post' | 'doc';
  slug: string;
  title: string;
  excerpt: string;
  /** A Puck document: { root: { props }, content: [{ type, props }], zones? }; rich text already sanitised. */
  document: {
    root: { props?: Record<string, unknown> };
    content: Array<{ type: string; props: Record<string, unknown> }>;
    zones?: Record<string, Array<{ type: string; props: Record<string, unknown> }>>;
  };
  settings: Record<string, unknown>;
  /** The item's own SEO fields (title, description, image, noindex); the kernel already applied them to SitePageData.seo. */
  seo: Record<string, unknown>;
  authorName: string;
  /** ISO timestamps. */
  publishedAt: string | null;
  updatedAt: string;
  categories: Array<{ id: string; name: string; slug: string }>;
  tags: Array<{ id: string; name: string; slug: string }>;
}

/** A post in a list (the blog, a post-list block). */
export interface SitePostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  featuredImage: string | null;
  authorName: string;
  publishedAt: string | null;
}

/** A doc as the docs index lists it (the doc itself is at /docs/{slug}). */
export interface SiteDocSummary {
  slug: string;
  title: string;
  excerpt: string;
}

/** What the URL resolved to. Plugins will add their own kinds (`plugin`) through site routes. */
export type SiteRoute =
  | { kind: 'home'; page: SiteContentItem | null }
  | { kind: 'page'; page: SiteContentItem; preview: boolean }
  | { kind: 'post'; post: SiteContentItem; preview: boolean }
  | { kind: 'blog'; posts: SitePostSummary[]; total: number; page: number; perPage: number; category: { name: string; slug: string } | null }
  | { kind: 'login' }
  | { kind: 'signup' }
  | { kind: 'thankyou' }
  | { kind: 'subscribed' }
  /** A page the theme draws itself (ThemeDefinition.staticPaths), e.g. the provider's /pricing. */
  | { kind: 'static'; path: string }
  /**
   * A page a plugin adds (SiteRouteDefinition): the theme draws it with the plugin's view of that
   * name (ThemeExtensions.views); `chrome: false` drops the header and footer (/checkout).
   */
  | { kind: 'plugin'; plugin: string; view: string; chrome: boolean; params: Record<string, string>; data: unknown; adminLinks: SiteAdminLink[] }
  | { kind: 'notFound' };

/** A quick-edit link a plugin's page offers site managers in the theme's admin rail. */
export interface SiteAdminLink {
  id: string;
  /** Shown as given (plugins' page text is theirs). */
  label: string;
  /** A dashboard path, e.g. /dashboard/instructor/courses/{id}. */
  href: string;
}

/** Title, description and Open Graph values, worked out by the kernel for every route. */
export interface SiteSeo {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  image: string | null;
  type: 'website' | 'article';
  noindex: boolean;
}

/** A plan of the platform's catalogue as the provider's /pricing shows it (SPEC §9, USD). */
export interface SitePlan {
  id: string;
  name: string;
  monthly: number | null;
  annual: number | null;
  lifetime: number | null;
  trialDays: number;
  /** members, monthlyEmails, mau, chats, aiTokens, courses, groups, funnels, concurrentUsers, storageMb; a limit left out is unlimited. */
  limits: Record<string, number>;
  features: string[];
}

export interface SitePageData {
  shell: SiteShell;
  viewer: SiteViewer | null;
  /** The requested path with its query, e.g. '/blog?page=2'. */
  path: string;
  route: SiteRoute;
  seo: SiteSeo;
  /** Posts for post-list blocks on home and pages: the newest visible ones (at most 12). */
  recentPosts: SitePostSummary[];
  /** The visible docs, by title, on the docs index (/docs); absent elsewhere. */
  docs?: SiteDocSummary[];
  /** The platform's plans (every theme gets them; the provider's /pricing shows them). */
  plans: SitePlan[];
  /**
   * The plugins installed on the platform, by name, with the parts of the product they say they
   * provide (manifest.provides), not only those on for this account: the provider's pages describe
   * only what these provide, so a plugin installed later, or a part it adds, appears by itself.
   */
  installedPlugins: string[];
  /** 'light' | 'dark' from the visitor's `lectern-theme` cookie, else the site's default. */
  colorScheme: 'light' | 'dark';
  /**
   * What plugins' blocks on this page draw, by plugin name (PluginSite.blockData); themes hand it
   * to blocks as `puck.metadata.pluginData`. Empty when the page has no such blocks.
   */
  pluginData: Record<string, unknown>;
  /**
   * Plugins' overlays for this page (marketing popups), PluginSite.overlays: the theme draws each
   * one's document hidden, in a dialog of its look, and shows it when the plugin's browser part asks
   * (`openSiteOverlay` in @lectern/sdk/site). Empty when no plugin has any for the page.
   */
  overlays: SiteOverlay[];
}

/** A dialog a plugin adds to a page: a stored document the theme draws, and the plugin's rules for when. */
export interface SiteOverlay {
  /** The plugin that owns it (its browser part decides when it shows). */
  plugin: string;
  /** Unique within the plugin; `<plugin>:<id>` names the overlay in the page. */
  id: string;
  /** The dialog's accessible name. */
  title: string;
  /** A Puck document, drawn with the theme's and the plugins' blocks. */
  document: unknown;
  /** What the plugin's browser part reads to decide when to show it (JSON; the theme never reads it). */
  settings: unknown;
}

/** What a plugin's overlays loader gets: the request's tenancy, the page's path and who is looking. */
export interface OverlayInput {
  db: AnyDb;
  accountId: string;
  viewer: SiteViewer | null;
  /** The page's path without its query, e.g. '/blog/my-post'. */
  pathname: string;
  language: string;
  t: PluginTranslate;
}

export interface RenderedPage {
  /** 200, or 404 for notFound. */
  status: number;
  /** The whole document, from <!doctype html>. */
  html: string;
}

/** What a plugin's site route loader gets: the request's tenancy and who is looking. */
export interface SiteRouteInput {
  /** The request's transaction (row-level security keeps it to the account). */
  db: AnyDb;
  accountId: string;
  viewer: SiteViewer | null;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The site's currency (SiteShell.currency), for pages that show prices. */
  currency: string;
  /** Services plugins provide (PluginContext.provide), or null when none is provided under the token. */
  services: SiteServices;
  /** The site's language (SiteShell.language) and the plugin's words in it (its `site` catalogue). */
  language: string;
  t: PluginTranslate;
}

/** Other plugins' services as a site page's loader reaches them (a course page asking the shop for its offer). */
export interface SiteServices {
  resolve<T>(token: Token<T>): T | null;
}

/** What a plugin's page shows, and how it is titled; null from load() means not found. */
export interface SiteRouteResult {
  /** JSON-serialisable data the plugin's view draws. */
  data: unknown;
  title: string;
  description?: string;
  image?: string | null;
  noindex?: boolean;
  /** Quick-edit links for the admin rail (site managers only see the rail), e.g. "Edit course". */
  adminLinks?: SiteAdminLink[];
  type?: 'website' | 'article';
}

/** A public page a plugin adds to every site that has the plugin on (e.g. the LMS's /course/{slug}). */
export interface SiteRouteDefinition {
  /** A Fastify path pattern, e.g. '/course/:slug'. */
  path: string;
  /** The plugin's view that draws it (see ThemeExtensions.views). */
  view: string;
  /** false: no header and footer (/checkout). Default true. */
  chrome?: boolean;
  /** Signed-out renders may be shared through the page cache (default true); false for per-visitor pages. */
  cacheable?: boolean;
  /** Query parameters that change the page (e.g. ['page', 'category']): each value is cached apart; others share one entry. */
  cacheQuery?: readonly string[];
  load(input: SiteRouteInput): Promise<SiteRouteResult | null>;
}

/**
 * A component as the kernel sees it: a function of props returning a React element. The kernel
 * never calls it; themes do (they and plugins share React).
 */
export type SiteComponent = (props: { data: unknown; page: SitePageData }) => unknown;

/**
 * A plugin's view of a page: a SiteComponent that also gets the plugin's words in the page's
 * language (`t`, its `site` catalogue). The kernel binds `t` before handing the view to the theme.
 */
export type PluginSiteView = (props: { data: unknown; page: SitePageData; t: PluginTranslate }) => unknown;

/**
 * What the account's plugins add to a page, passed to the theme with every render: the views of
 * plugin routes (keyed 'plugin/view') and Puck blocks (keyed by block type) of plugins that are on
 * for the account.
 */
export interface ThemeExtensions {
  views: ReadonlyMap<string, SiteComponent>;
  /** Puck component configs ({ fields, defaultProps, render }), as the theme's own blocks. */
  blocks: Readonly<Record<string, unknown>>;
}

/** What a plugin's blockData loader gets: the request's tenancy and the plugin's blocks on the page. */
export interface BlockDataInput {
  db: AnyDb;
  accountId: string;
  viewer: SiteViewer | null;
  /** The site's currency (SiteShell.currency), for blocks that show prices. */
  currency: string;
  /** Each of the plugin's blocks found in the page's documents (content, header, footer), with its props. */
  blocks: Array<{ type: string; props: Record<string, unknown> }>;
  /** The site's language and the plugin's words in it: what the blocks write goes in their data. */
  language: string;
  t: PluginTranslate;
}

/** A plugin's theme part: its public routes, the views that draw them, and its Puck blocks. */
export interface PluginSite {
  routes?: SiteRouteDefinition[];
  views?: Record<string, PluginSiteView>;
  blocks?: Record<string, unknown>;
  /**
   * Loads what the plugin's blocks on a page show (a course grid's courses), called only for pages
   * holding its blocks; the result reaches the blocks as `puck.metadata.pluginData[<plugin>]`.
   */
  blockData?(input: BlockDataInput): Promise<unknown>;
  /**
   * Gates published pages and posts (a shop's membership levels): null lets the viewer read the
   * item; a view of this plugin is drawn in its place (e.g. "for Gold members: join"). Asked on
   * every render of a page or post that misses the page cache, so it must be cheap; signed-out
   * renders of the answer are shared by the cache like the page itself.
   */
  contentAccess?(input: ContentAccessInput): Promise<ContentAccessResult | null>;
  /**
   * The overlays (popups) this page carries, asked on every render that misses the page cache
   * (one cheap query): the path is the page's, so a rule on pages belongs here and is cached with
   * the page; rules on the visitor (signed in, seen before) belong to the plugin's browser part.
   * The plugin purges the site's pages when an overlay changes.
   */
  overlays?(input: OverlayInput): Promise<Array<Omit<SiteOverlay, 'plugin'>>>;
}

/** The page or post a viewer is about to read, for PluginSite.contentAccess. */
export interface ContentAccessInput {
  db: AnyDb;
  accountId: string;
  viewer: SiteViewer | null;
  /** The site's currency (SiteShell.currency), for views that show prices. */
  currency: string;
  item: Pick<SiteContentItem, 'id' | 'type' | 'slug' | 'title'>;
  language: string;
  t: PluginTranslate;
}

/** What a gated page shows instead: the plugin's view and its data (the page keeps its own title). */
export interface ContentAccessResult {
  view: string;
  data: unknown;
}

export interface ThemeDefinition {
  /** Package-unique name; its browser build is served under /_theme/<name>/. */
  name: string;
  /** Folder of the theme's browser build (Vite output with .vite/manifest.json). */
  clientDir: string;
  /** Paths the theme draws itself with no content behind them (route kind 'static'). */
  staticPaths?: readonly string[];
  /** Draws a page. Must not throw for any data the kernel sends; must escape everything but sanitised HTML props. */
  render(data: SitePageData, extensions?: ThemeExtensions): RenderedPage | Promise<RenderedPage>;
}

/** Cookie the site's light/dark switch writes so the server draws the chosen scheme (no flash). */
export const COLOR_SCHEME_COOKIE = 'lectern-theme';
