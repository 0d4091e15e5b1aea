import type { SitePageData } from '@lectern/sdk';
import { siteName } from './shell/brand.js';
import { ADDON_GUIDES, staticPage } from './site-map.js';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * <title> and description. The kernel's SEO values serve every route but the theme's own pages, for
 * which it only knows the site's name; those take the words of the site map.
 */
export function pageMeta(data: SitePageData, found: boolean): PageMeta {
  const name = siteName(data.shell);
  if (!found) return { title: `Page not found | ${name}`, description: data.seo.description };
  if (data.route.kind !== 'static') return { title: data.seo.title, description: data.seo.description };
  const info = staticPage(data.route.path);
  if (info === undefined) return { title: data.seo.title, description: data.seo.description };
  const isGuide = ADDON_GUIDES.includes(info);
  return { title: isGuide ? `${info.label} | ${name} Docs` : `${info.label} | ${name}`, description: info.description };
}
