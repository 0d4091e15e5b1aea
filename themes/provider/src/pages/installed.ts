import type { SitePageData } from '@lectern/sdk';
import type { Installed } from './offer.js';

/** The platform's installed plugins from the page data (an older kernel sends none: only the kernel's own lines show). */
export function installedOf(data: SitePageData): Installed {
  return new Set(Array.isArray(data.installedPlugins) ? data.installedPlugins : []);
}
