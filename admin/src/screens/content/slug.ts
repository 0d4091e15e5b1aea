import type { ContentType } from './model';

/**
 * Slugs as the kernel checks them (core/src/content/slugs.ts): lower-case kebab, at most 200
 * characters. Checked here too so the editor can say what is wrong before a save is refused.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SLUG_MAX = 200;

export type SlugProblem = 'required' | 'tooLong' | 'pattern';

export function slugProblem(slug: string): SlugProblem | null {
  if (slug === '') return 'required';
  if (slug.length > SLUG_MAX) return 'tooLong';
  return SLUG_PATTERN.test(slug) ? null : 'pattern';
}

/** The slug the kernel would derive from a title: accents dropped, anything else between words becomes "-". */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 8)
    .replace(/-+$/, '');
}

/**
 * What someone typing a slug most likely meant, as they type: lower case, spaces and underscores as
 * "-". Other characters stay, so the field can say they are not allowed rather than drop them silently.
 */
export function tidySlugInput(text: string): string {
  return text.toLowerCase().replace(/[\s_]+/g, '-');
}

/** The home page is the page whose slug is this (the kernel's route resolver). */
export const HOME_SLUG = 'home';

/** Paths of the site itself: a page under one of these slugs would never be shown. */
const RESERVED_PAGE_SLUGS = new Set(['blog', 'login', 'signup', 'thankyou', 'subscribed', 'dashboard', 'checkout', 'course', 'api', 'auth', 'storage']);

export const isReservedPageSlug = (slug: string) => RESERVED_PAGE_SLUGS.has(slug);

/** Where visitors find an item: the home page at "/", other pages at /{slug}, posts at /blog/{slug}, docs at /docs/{slug}. */
export function publicPath(type: ContentType, slug: string): string {
  if (type === 'post') return `/blog/${slug}`;
  if (type === 'doc') return `/docs/${slug}`;
  return slug === HOME_SLUG ? '/' : `/${slug}`;
}

/** The kernel renders a draft for managers at the item's address with ?preview=<id>. */
export function previewPath(type: ContentType, slug: string, id: string): string {
  return `${publicPath(type, slug)}?preview=${encodeURIComponent(id)}`;
}
