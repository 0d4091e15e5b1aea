import type { SiteRoute } from '@lectern/sdk';

/** SPEC §2: a page can opt out of header and footer (settings.hide_chrome), like /checkout. */
export function hidesChrome(route: SiteRoute): boolean {
  const item = route.kind === 'page' || (route.kind === 'home' && route.page !== null) ? route.page : route.kind === 'post' ? route.post : null;
  return item !== null && typeof item.settings === 'object' && item.settings !== null && item.settings.hide_chrome === true;
}
