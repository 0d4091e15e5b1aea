import { sql } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { slugify } from '../content/slugs.js';
import { isValidSlug } from '../tenancy/hosts.js';

/** Host names the platform keeps for itself; a site there would shadow a platform service. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'platform',
  'www',
  'api',
  'admin',
  'app',
  'auth',
  'dashboard',
  'docs',
  'help',
  'mail',
  'smtp',
  'static',
  'cdn',
  'assets',
  'storage',
  'realtime',
  'status',
  'support',
  'billing',
  'root',
  'localhost',
]);

/** Why an address cannot be had: not a host label, kept by the platform, or another site's. */
export type AddressProblem = 'invalid' | 'reserved' | 'taken';

/** What the address itself allows, before any lookup: a host label (a-z, 0-9, inner hyphens, 1–63) not kept by the platform. */
export function addressShapeProblem(slug: string): 'invalid' | 'reserved' | undefined {
  if (!isValidSlug(slug)) return 'invalid';
  if (RESERVED_SLUGS.has(slug)) return 'reserved';
  return undefined;
}

/**
 * A site address from a site's name: the content slug rules (accents dropped, anything else between
 * words one "-"), cut to a host label's 63 characters. Empty when nothing usable is left.
 */
export function slugFromName(name: string): string {
  return slugify(name).slice(0, 63).replace(/-+$/, '');
}

/**
 * Which of `slugs` other sites already use, in one query. Reads across accounts, so `db` is a
 * system connection (accounts are private to their own tenancy otherwise).
 */
export async function takenSlugs(db: AnyDb, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  const { rows } = await sql<{ slug: string }>`SELECT slug FROM accounts WHERE slug = ANY(${[...slugs]}::text[])`.execute(db);
  return new Set(rows.map((row) => row.slug));
}

/** Free alternatives to a taken address, first free one wins: `school-2`, `school-3`, … (trimmed to stay a valid label). */
export function alternativesTo(slug: string, count = 8): string[] {
  return Array.from({ length: count }, (_, i) => {
    const suffix = `-${i + 2}`;
    return `${slug.slice(0, 63 - suffix.length).replace(/-+$/, '')}${suffix}`;
  });
}
