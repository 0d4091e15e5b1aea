import type { SiteRoute } from '@lectern/sdk';

/**
 * SPEC §2: a page can opt out of header and footer (settings.hide_chrome), and so can a plugin's
 * page (`chrome: false`, like /checkout).
 */
export function hidesChrome(route: SiteRoute): boolean {
  if (route.kind === 'plugin') return route.chrome === false;
  const item = route.kind === 'page' || (route.kind === 'home' && route.page !== null) ? route.page : route.kind === 'post' ? route.post : null;
  return item !== null && typeof item.settings === 'object' && item.settings !== null && item.settings.hide_chrome === true;
}

/** A plugin page without chrome is a bare flow (/checkout): no admin rail over it either. */
export function hidesAdminRail(route: SiteRoute): boolean {
  return route.kind === 'plugin' && route.chrome === false;
}
