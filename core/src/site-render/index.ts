export { siteRoutes, type SiteRenderOptions, type SiteThemes, type SitePlugin } from './site-routes.js';
export { HOME_SLUG, BLOG_PAGE_SIZE, pageKeyOf, resolveRoute } from './route-resolver.js';
export { ownerScripts, siteCsp } from './site-csp.js';
export { sitePlans } from './site-plans.js';
export * from './contract.js';
export { loadThemes, ThemeLoadError } from './load-themes.js';
export { signoutRoute } from './signout-route.js';
