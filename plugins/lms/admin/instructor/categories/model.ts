import { ApiError } from '@lectern/admin/kit';
import type { CategoryDetailWire } from '../../../src/courses/schemas.js';
import { keys, SLUG_PATTERN } from '../model';

/** A category as its list gives it: with the number of published courses filed under it. */
export type CategoryEntry = CategoryDetailWire;

/** Pages of the category screen, under the shared categories key so one invalidation refreshes every picker. */
export const categoryPage = (search: string, offset: number) => [...keys.categories, 'page', { search, offset }] as const;

export interface CategoryErrors {
  name?: string;
  slug?: string;
}

/** The form's own checks, before the server's: a name, and a slug (when given) in lower-case kebab. */
export function checkCategory(name: string, slug: string, t: (key: string) => string): CategoryErrors {
  const found: CategoryErrors = {};
  if (name.trim() === '') found.name = t('categories.nameRequired');
  if (slug.trim() !== '' && !SLUG_PATTERN.test(slug.trim())) found.slug = t('categories.slugInvalid');
  return found;
}

/** The server's 409 for a slug in use belongs on the slug field. */
export const isSlugTaken = (failure: unknown) => failure instanceof ApiError && failure.code === 'category_slug_taken';
