import type { SiteContentItem, SiteRoute, SiteSeo, SiteShell } from './contract.js';

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const MAX_DESCRIPTION = 300;

/** Plain text for a description: the first 300 characters, cut at a word. */
function clip(value: string): string {
  if (value.length <= MAX_DESCRIPTION) return value;
  const cut = value.slice(0, MAX_DESCRIPTION);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_DESCRIPTION - 40))}…`;
}

/** A storage path ('media/x.png') or a site path becomes absolute; http(s) URLs stay as they are. */
export function absoluteImage(image: string, shell: SiteShell): string | null {
  if (image === '') return null;
  if (/^https?:\/\//.test(image)) return image;
  if (image.startsWith('/')) return `${shell.siteUrl}${image}`;
  return `${shell.storageUrl}/${image}`;
}

const FIXED_TITLES: Partial<Record<SiteRoute['kind'], string>> = {
  blog: 'Blog',
  login: 'Log in',
  signup: 'Sign up',
  thankyou: 'Thank you',
  subscribed: 'Subscribed',
  notFound: 'Page not found',
};

/**
 * Title, description, image and indexing of a page, for the head's title, description and Open
 * Graph tags. An item's own SEO fields win; otherwise its title, excerpt and featured image; the
 * site's title and logo are the last resort.
 */
/** The site's title (settings.sitetitle), else the account's name: the suffix of every page title. */
export const siteTitleOf = (shell: SiteShell): string => text(shell.settings.sitetitle) || shell.account.name;

export function seoFor(shell: SiteShell, route: SiteRoute, canonicalPath: string): SiteSeo {
  const siteTitle = siteTitleOf(shell);
  const siteNoindex = shell.settings.noindex === true;
  const url = `${shell.siteUrl}${canonicalPath}`;
  const logo = absoluteImage(text(shell.settings.logo), shell);
  const base: SiteSeo = { title: siteTitle, description: text(shell.settings.description), url, image: logo, type: 'website', noindex: siteNoindex };

  const item: SiteContentItem | null = route.kind === 'home' ? route.page : route.kind === 'page' ? route.page : route.kind === 'post' ? route.post : null;
  if (item !== null) {
    const seo = item.seo;
    const ownTitle = text(seo.title) || item.title;
    return {
      title: route.kind === 'home' ? text(seo.title) || siteTitle : `${ownTitle} | ${siteTitle}`,
      description: clip(text(seo.description) || item.excerpt || base.description),
      url,
      image: absoluteImage(text(seo.image) || text(item.settings.featured_image), shell) ?? logo,
      type: route.kind === 'post' ? 'article' : 'website',
      noindex: siteNoindex || seo.noindex === true || item.settings.noindex === true || ('preview' in route && route.preview),
    };
  }
  if (route.kind === 'blog' && route.category !== null) return { ...base, title: `${route.category.name} | ${siteTitle}` };
  const fixed = FIXED_TITLES[route.kind];
  return {
    ...base,
    title: fixed === undefined ? siteTitle : `${fixed} | ${siteTitle}`,
    // Sign-in pages and misses have nothing to index.
    noindex: siteNoindex || route.kind === 'login' || route.kind === 'signup' || route.kind === 'notFound' || route.kind === 'thankyou',
  };
}
