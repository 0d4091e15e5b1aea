import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Token } from '../container/tokens.js';
import { AppError, Errors } from '../errors/errors.js';
import { variantFor, type CachedPage, type PageCache } from '../page-cache/index.js';
import type { Account } from '../tenancy/account.js';
import type { PluginText } from '../plugins/plugin-text.js';
import {
  COLOR_SCHEME_COOKIE,
  type PluginSite,
  type PluginSiteView,
  type SiteComponent,
  type SitePageData,
  type SiteSeo,
  type SiteShell,
  type SiteViewer,
  type ThemeDefinition,
  type ThemeExtensions,
} from './contract.js';
import { pageKeyOf, queryKey, resolveRoute, type ResolvedRoute } from './route-resolver.js';
import { docSummaries, recentPosts } from './site-content.js';
import { documentsOf, pluginBlockData } from './block-data.js';
import { pluginOverlays } from './overlays.js';
import { ownerScripts, siteCsp } from './site-csp.js';
import { sitePlans } from './site-plans.js';
import type { FeatureCatalogue } from '../plugins/features.js';
import { absoluteImage, seoFor, siteTitleOf } from './site-seo.js';
import { faviconRoute } from './favicon-route.js';
import { customBackendUrl, shellOf } from './site-shell.js';
import { viewerOf } from './site-viewer.js';
import { privateSitePage, siteStillPrivate } from './confirmation-gate.js';
import { typed } from '../http/typed-app.js';

export interface SiteThemes {
  /** Tenant sites. */
  site?: ThemeDefinition;
  /** The platform account's own site (falls back to the site theme). */
  provider?: ThemeDefinition;
}

/** A plugin as the site sees it: its name, its feature switch and its theme part. */
export interface SitePlugin {
  name: string;
  feature?: string;
  /** Parts of the product it delivers besides its name (manifest.provides). */
  provides?: readonly string[];
  site?: PluginSite;
  /** The plugin's words (PluginDefinition.locales): its views, loaders and blocks get them in the site's language. */
  text: PluginText;
}

export interface SiteRenderOptions {
  themes: SiteThemes;
  plugins: readonly SitePlugin[];
  /** The add-ons on offer (kernel and installed plugins'): the pricing page's plan features. */
  features: FeatureCatalogue;
  pageCache: PageCache;
  siteUrl: (request: FastifyRequest) => string;
  /** Forgets the cached account (every instance): a private site that has just opened. */
  invalidateAccount: (accountId: string) => Promise<void>;
}

/** A plugin's view as the theme draws it: the plugin's words in the page's language are bound as `t`. */
function boundView(view: PluginSiteView, text: PluginText): SiteComponent {
  return (props) => view({ ...props, t: text(props.page.shell.language) });
}

/** Paths that belong to the API and the kernel's other surfaces: never a site page. */
const RESERVED = ['/api/', '/auth/', '/storage/', '/realtime/', '/dashboard', '/_theme/', '/_image'];
const RECENT_POSTS = 12;
const HtmlResponse = { 200: Type.String() };
const WildcardParams = Type.Object({ '*': Type.String({ maxLength: 2048 }) });
const ThemeAssetParams = Type.Object({ theme: Type.String({ pattern: '^[a-z0-9-]{1,50}$' }), '*': Type.String({ maxLength: 1024 }) });
const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex -- refusing control characters is the point
const identity = (payload: unknown) => payload as string;

function themeFor(themes: SiteThemes, account: Account): ThemeDefinition | undefined {
  return account.isPlatform ? (themes.provider ?? themes.site) : themes.site;
}

function colorSchemeOf(request: FastifyRequest, account: Account): 'light' | 'dark' {
  const chosen = request.cookies?.[COLOR_SCHEME_COOKIE];
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return (account.theme as { mode?: unknown }).mode === 'dark' ? 'dark' : 'light';
}

/** Every `:name` of a plugin's path pattern is a non-empty string segment. */
function paramsSchemaOf(path: string) {
  const names = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] as string);
  return Type.Object(Object.fromEntries(names.map((name) => [name, Type.String({ minLength: 1, maxLength: 300 })])));
}

interface SitePath {
  pathname: string;
  query: URLSearchParams;
}

/** '/about/' is '/about'; a path with control characters or a reserved prefix is nobody's page. */
function sitePathOf(url: string): SitePath | null {
  const parsed = new URL(url, 'http://site.invalid');
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (CONTROL.test(pathname)) return null;
  if (pathname.length > 1) pathname = pathname.replace(/\/+$/, '') || '/';
  if (RESERVED.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix))) return null;
  return { pathname, query: parsed.searchParams };
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  status: number,
  cache: 'HIT' | 'MISS' | 'BYPASS',
  shared: boolean,
): string | FastifyReply {
  reply.serializer(identity);
  for (const [name, value] of Object.entries(page.headers ?? {})) reply.header(name, value);
  reply.header('x-cache', cache);
  reply.header('etag', page.etag);
  // Shared renders may be kept by the browser but are checked each time (purges show at once);
  // a signed-in render is the member's own.
  reply.header('cache-control', shared ? 'public, max-age=0, must-revalidate' : 'private, no-store');
  reply.header('vary', 'Cookie');
  if (status === 200 && request.headers['if-none-match'] === page.etag) {
    reply.code(304);
    return '';
  }
  reply.code(status);
  return page.html;
}

/**
 * The public site: every page of a tenant (and the platform's own marketing site) drawn by its theme
 * on the server and hydrated in the browser. Signed-out renders are shared through the page cache
 * (looked up before any database work); signed-in ones are drawn fresh for the member.
 */
export async function siteRoutes(server: FastifyInstance, opts: SiteRenderOptions): Promise<void> {
  const app = typed(server);
  await app.register(faviconRoute);
  const themes = [opts.themes.site, opts.themes.provider].filter((t): t is ThemeDefinition => t !== undefined);
  // What this platform has installed, for every page: the same for every account and request.
  const installedPlugins = [...new Set(opts.plugins.flatMap((plugin) => [plugin.name, ...(plugin.provides ?? [])]))].sort();
  const plans = sitePlans(opts.features, new Set(installedPlugins));
  if (themes.length === 0) return;
  const byName = new Map(themes.map((t) => [t.name, t]));

  // The themes' browser builds: content-hashed names, so a year of caching is safe.
  await app.register(fastifyStatic, { root: themes[0]?.clientDir ?? '.', serve: false, preCompressed: true, decorateReply: true, cacheControl: false });
  app.get(
    '/_theme/:theme/*',
    { config: { public: true, tenancy: false }, schema: { hide: true, params: ThemeAssetParams, response: HtmlResponse } },
    async (request, reply) => {
      const theme = byName.get(request.params.theme);
      if (theme === undefined || !existsSync(theme.clientDir)) throw new AppError(Errors.notFound);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(request.params['*'], theme.clientDir);
    },
  );

  const cspCache = new WeakMap<Account, string>();
  const cspOf = (account: Account) => {
    let csp = cspCache.get(account);
    if (csp === undefined) {
      csp = siteCsp(ownerScripts(((account.misc as { scripts?: unknown }).scripts as string | undefined) ?? ''), customBackendUrl(account));
      cspCache.set(account, csp);
    }
    return csp;
  };
  const headersOf = (account: Account): Record<string, string> => ({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': cspOf(account),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  });

  // Cache hits skip the request's transaction altogether: the account and the visitor are already known.
  const fromCacheWith = (keyOf: (site: SitePath) => string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const account = request.account;
    // A site waiting for its owner's confirmation is checked on every visit (confirmation-gate.ts).
    if (account === null || account.suspended || account.billingStatus === 'suspended' || account.awaitingConfirmationOf !== null || request.auth !== null)
      return;
    const site = sitePathOf(request.url);
    if (site === null || themeFor(opts.themes, account) === undefined) return;
    const variant = variantFor({ signedIn: false, theme: colorSchemeOf(request, account) });
    if (variant === null) return;
    const cached = opts.pageCache.get(account.id, keyOf(site), variant);
    if (cached === undefined) return;
    const body = sendPage(request, reply, cached, 200, 'HIT', true);
    await reply.send(body);
  };
  const fromCache = fromCacheWith((site) => pageKeyOf(site.pathname, site.query));

  /** The views and blocks of the plugins that are on for the account, worked out once per feature set. */
  const extensionCache = new Map<string, ThemeExtensions>();
  // PluginContext.isEnabledFor's rule: a plugin without a feature is on for every account.
  const activePlugins = (account: Account) => opts.plugins.filter((plugin) => plugin.feature === undefined || account.features.has(plugin.feature));
  const extensionsFor = (account: Account): ThemeExtensions => {
    const active = activePlugins(account);
    const key = active.map((plugin) => plugin.name).join(',');
    let extensions = extensionCache.get(key);
    if (extensions === undefined) {
      const views = new Map<string, SiteComponent>();
      const blocks: Record<string, unknown> = {};
      for (const plugin of active) {
        for (const [name, view] of Object.entries(plugin.site?.views ?? {})) views.set(`${plugin.name}/${name}`, boundView(view, plugin.text));
        Object.assign(blocks, plugin.site?.blocks ?? {});
      }
      extensions = { views, blocks };
      extensionCache.set(key, extensions);
    }
    return extensions;
  };

  type Resolve = (input: {
    request: FastifyRequest;
    site: SitePath;
    theme: ThemeDefinition;
    shell: SiteShell;
    viewer: SiteViewer | null;
  }) => Promise<ResolvedRoute & { seo?: Partial<SiteSeo>; cacheable?: boolean }>;

  const renderWith = (resolve: Resolve) => async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = request.ctx;
    const account = ctx.account;
    const theme = themeFor(opts.themes, account);
    const site = sitePathOf(request.url);
    if (theme === undefined || site === null) throw new AppError(Errors.notFound);

    const siteUrl = opts.siteUrl(request);
    const shell = shellOf(
      account,
      siteUrl,
      activePlugins(account).map((plugin) => plugin.name),
    );
    const viewer = await viewerOf(ctx, shell.storageUrl);
    const resolved = await resolve({ request, site, theme, shell, viewer });
    // The sign-in page stays open: it is how the owner gets in while the site waits for them.
    // A site suspended for its bill shows its managers the real pages (so they see what they pay for).
    const { route } = resolved;
    const closed =
      route.kind === 'login' || (viewer?.caps.includes('manage_options') ?? false)
        ? null
        : account.billingStatus === 'suspended'
          ? 'suspended'
          : (await siteStillPrivate(ctx, account, () => opts.invalidateAccount(account.id)))
            ? 'confirming'
            : null;
    if (closed !== null) {
      reply.serializer(identity);
      reply.header('content-type', 'text/html; charset=utf-8');
      reply.header('cache-control', 'private, no-store');
      reply.header('retry-after', '3600');
      reply.code(503);
      return privateSitePage(account, closed);
    }
    const wantsPosts = route.kind === 'home' || route.kind === 'page' || route.kind === 'post';
    const colorScheme = colorSchemeOf(request, account);
    const overlays = await pluginOverlays(activePlugins(account), {
      db: ctx.db,
      accountId: account.id,
      viewer,
      pathname: site.pathname,
      language: shell.language,
    });
    const data: SitePageData = {
      shell,
      viewer,
      path: resolved.cachePath,
      route,
      seo: { ...seoFor(shell, route, resolved.cachePath), ...resolved.seo },
      recentPosts: wantsPosts ? await recentPosts(ctx.db, account.id, RECENT_POSTS) : [],
      ...(route.kind === 'static' && route.path === '/docs' ? { docs: await docSummaries(ctx.db, account.id) } : {}),
      plans,
      installedPlugins,
      colorScheme,
      overlays,
      // Blocks inside an overlay (a popup's form) load their data like the page's own.
      pluginData: await pluginBlockData(activePlugins(account), [...documentsOf(route, shell), ...overlays.map((overlay) => overlay.document)], {
        db: ctx.db,
        accountId: account.id,
        viewer,
        currency: shell.currency,
        language: shell.language,
      }),
    };
    const rendered = await theme.render(data, extensionsFor(account));
    const page: CachedPage = { html: rendered.html, headers: headersOf(account), etag: `"${createHash('sha1').update(rendered.html).digest('base64url')}"` };
    const variant = variantFor({ signedIn: viewer !== null || ctx.userId !== null, theme: colorScheme });
    const shareable = variant !== null && !resolved.preview && resolved.cacheable !== false && rendered.status === 200 && route.kind !== 'notFound';
    if (shareable) opts.pageCache.set(account.id, resolved.cachePath, variant, page);
    return sendPage(request, reply, page, rendered.status, shareable ? 'MISS' : 'BYPASS', shareable);
  };

  // The kernel's own routes: home, blog, posts, fixed pages, the theme's static pages, pages by slug.
  const render = renderWith(async ({ request, site, theme, shell, viewer }) => {
    const canPreview = viewer !== null && (viewer.caps.includes('manage_options') || viewer.caps.includes('edit_posts'));
    const resolved = await resolveRoute({
      db: request.ctx.db,
      accountId: request.ctx.account.id,
      pathname: site.pathname,
      query: site.query,
      staticPaths: theme.staticPaths ?? [],
      canPreview,
    });
    return gated(request, resolved, shell, viewer);
  });

  /** A published page or post a plugin gates (PluginSite.contentAccess) is drawn as that plugin's view. */
  const gated = async (
    request: FastifyRequest,
    resolved: ResolvedRoute,
    shell: SiteShell,
    viewer: SiteViewer | null,
  ): Promise<ResolvedRoute & { seo?: Partial<SiteSeo> }> => {
    const { route } = resolved;
    const item = route.kind === 'page' ? route.page : route.kind === 'post' ? route.post : route.kind === 'home' ? route.page : null;
    if (item === null || resolved.preview) return resolved;
    for (const plugin of activePlugins(request.ctx.account)) {
      const answer = await plugin.site?.contentAccess?.({
        db: request.ctx.db,
        accountId: request.ctx.account.id,
        viewer,
        currency: shell.currency,
        item: { id: item.id, type: item.type, slug: item.slug, title: item.title },
        language: shell.language,
        t: plugin.text(shell.language),
      });
      if (answer !== null && answer !== undefined) {
        // The page keeps its own title and description; only what it shows changes.
        const seo = seoFor(shell, route, resolved.cachePath);
        return {
          ...resolved,
          seo,
          route: { kind: 'plugin', plugin: plugin.name, view: answer.view, chrome: true, params: {}, data: answer.data, adminLinks: [] },
        };
      }
    }
    return resolved;
  };

  // Plugins' pages (the LMS's /course/{slug}…): only on sites that have the plugin on.
  for (const plugin of opts.plugins) {
    for (const definition of plugin.site?.routes ?? []) {
      // The page cache key: the path plus the query parameters the route says change the page.
      const keyOf = (site: SitePath) => queryKey(site.pathname, site.query, definition.cacheQuery ?? []);
      const handler = renderWith(async ({ request, site, shell, viewer }) => {
        const account = request.ctx.account;
        const notFound = { route: { kind: 'notFound' } as const, cachePath: site.pathname, preview: false };
        if (plugin.feature !== undefined && !account.features.has(plugin.feature)) return notFound;
        const params = request.params as Record<string, string>;
        const container = request.ctx.container;
        const services = { resolve: <T>(token: Token<T>): T | null => (container.isRegistered(token, true) ? container.resolve(token) : null) };
        const result = await definition.load({
          db: request.ctx.db,
          accountId: account.id,
          viewer,
          params,
          query: site.query,
          currency: shell.currency,
          services,
          language: shell.language,
          t: plugin.text(shell.language),
        });
        if (result === null) return notFound;
        const seo: Partial<SiteSeo> = {
          title: `${result.title} | ${siteTitleOf(shell)}`,
          ...(result.description === undefined ? {} : { description: result.description }),
          ...(result.image === undefined ? {} : { image: result.image === null ? null : absoluteImage(result.image, shell) }),
          ...(result.noindex === undefined ? {} : { noindex: result.noindex }),
          ...(result.type === undefined ? {} : { type: result.type }),
        };
        return {
          route: {
            kind: 'plugin',
            plugin: plugin.name,
            view: definition.view,
            chrome: definition.chrome !== false,
            params,
            data: result.data,
            adminLinks: (result.adminLinks ?? []).filter((link) => link.href.startsWith('/dashboard')),
          },
          cachePath: keyOf(site),
          preview: false,
          seo,
          cacheable: definition.cacheable !== false,
        };
      });
      const cached = definition.cacheable === false ? {} : { preHandler: fromCacheWith(keyOf) };
      app.get(
        definition.path,
        { config: { public: true, plugin: plugin.name }, ...cached, schema: { hide: true, params: paramsSchemaOf(definition.path), response: HtmlResponse } },
        handler,
      );
    }
  }

  // Pages stay open on a site whose bill lapsed: read-only ones are served, suspended ones answer their closed page (render).
  const routeOptions = { config: { public: true, billing: true }, preHandler: fromCache } as const;
  app.get('/', { ...routeOptions, schema: { hide: true, response: HtmlResponse } }, render);
  app.get('/*', { ...routeOptions, schema: { hide: true, params: WildcardParams, response: HtmlResponse } }, render);
}
