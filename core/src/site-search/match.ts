import { sql, type RawBuilder } from 'kysely';

/** Makes a term match literally inside LIKE patterns: %, _ and the escape character itself. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column ILIKE '%term%'`: the term anywhere, case-insensitive. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/**
 * Relevance of a text column to the term, lower first: the text starts with it (0), a word in it
 * does (1), it is somewhere inside (2). The column name comes from our code, never from input.
 */
export function relevance(column: string, term: string): RawBuilder<number> {
  const escaped = escapeLike(term);
  const ref = sql.ref(column);
  return sql<number>`CASE WHEN ${ref} ILIKE ${`${escaped}%`} THEN 0 WHEN ${ref} ILIKE ${`% ${escaped}%`} THEN 1 ELSE 2 END`;
}

/** Keeps a stored text short enough for a result row, cut at a word where possible. */
export function shorten(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
