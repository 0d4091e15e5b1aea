import { sql, type RawBuilder } from 'kysely';

/** Lower-case ASCII words joined by hyphens, at most 60 characters. */
export function slugify(value: string): string {
  return (
    value
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'member'
  );
}

/**
 * A member's slug, unique within the account: their name (or the local part of their email),
 * suffixed with part of the user id when another member already has it. Evaluated in the INSERT
 * so the check and the write see the same rows.
 */
export function memberSlug(accountId: string, user: { id: string; email: string | null; display_name: string }): RawBuilder<string> {
  const base = slugify(user.display_name || user.email?.split('@')[0] || 'member');
  return sql<string>`CASE WHEN EXISTS (SELECT 1 FROM members WHERE account_id = ${accountId} AND slug = ${base}) THEN ${`${base}-${user.id.slice(0, 8)}`} ELSE ${base} END`;
}
