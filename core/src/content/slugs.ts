import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';

/** Lower-case kebab: what the public URLs (/blog/{slug}, /{pageSlug}) are made of. */
export const SLUG_PATTERN = '^[a-z0-9]+(-[a-z0-9]+)*$';
export const SLUG_MAX = 200;

/** A slug derived from a title or name: accents dropped, anything else between words becomes "-". */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX - 8)
    .replace(/-+$/, '');
  return slug;
}

/**
 * The first free slug for a derived one: `base`, else `base-2`, `base-3`, … (one query for all
 * taken variants). Slugs the caller chose are never renamed; a clash there is a 409.
 */
export async function freeSlug(
  db: AnyDb,
  table: 'content_items' | 'terms',
  scope: { column: 'type' | 'taxonomy'; value: string },
  accountId: string,
  base: string,
): Promise<string> {
  const { rows } = await sql<{ slug: string }>`
    SELECT slug FROM ${sql.table(table)}
     WHERE account_id = ${accountId} AND ${sql.ref(scope.column)} = ${scope.value}
       AND (slug = ${base} OR slug ~ ${`^${base}-[0-9]+$`})`.execute(db);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
