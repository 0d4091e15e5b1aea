import { sql } from '@lectern/sdk';
import type { LmsDb } from '../db/tables.js';

/** Lower-case kebab, as the public course URLs (/course/{slug}) are made of. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SLUG_MAX = 200;

/** A slug derived from a title or name: accents dropped, anything else between words becomes "-". */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 8)
    .replace(/-+$/, '');
  // Titles in other scripts leave nothing behind; the numbered fallback keeps the URL readable.
  return slug === '' ? fallback : slug;
}

/**
 * The first free slug for a derived one: `base`, else `base-2`, `base-3`… Slugs a person chose
 * are never renamed; a clash there is a 409.
 */
export async function freeSlug(db: LmsDb, table: 'lms_courses' | 'lms_categories', accountId: string, base: string): Promise<string> {
  const { rows } = await sql<{ slug: string }>`
    SELECT slug FROM ${sql.table(table)}
     WHERE account_id = ${accountId} AND (slug = ${base} OR slug ~ ${`^${base}-[0-9]+$`})`.execute(db);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export const isUniqueViolation = (error: unknown): boolean => (error as { code?: string } | null)?.code === '23505';
