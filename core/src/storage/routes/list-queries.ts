import { sql, type RawBuilder } from 'kysely';
import type { AnyDb } from '../../db/database.js';
import type { KeyVisibility } from '../access-rules.js';
import type { ObjectRow } from '../storage-rows.js';

/**
 * The SQL behind list() and listV2(): every page is read with a LIMIT from where the last one
 * ended, never by loading a folder. Names compare byte-wise (the `~<~` family: code point order
 * in UTF-8, like storage-api's COLLATE "C"), which is also the order of the
 * (account_id, bucket_id, name text_pattern_ops) index, so walking by name follows the index.
 *
 * Row-level security lets only leakproof conditions into an index scan (the others are checked
 * after the account's policy, on rows already read). So every bound on the name is a bare
 * comparison of the column with a parameter or a column of the walk (`o.name ~>=~ w.bound`), and
 * the prefix is a range (`~>=~ prefix AND ~<~ prefixEnd`) rather than LIKE.
 */

export type SortOrder = 'asc' | 'desc';
export type SortColumn = 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';

/** Which objects a listing looks at. */
export interface ListScope {
  bucket: string;
  /** Keys start with it; entries fold at the first "/" after it. */
  prefix: string;
  visible?: KeyVisibility;
  /** Only entries whose name (after the prefix, up to the next "/") starts with this, ignoring case. */
  search?: string;
}

/** One entry of a listing: an object, or a folder (its key ends in "/", it has no row). */
export interface Entry {
  key: string;
  folder: boolean;
  /** The sort column's value, as a cursor carries it: the key when sorting by name, '' for folders. */
  value: string;
  row: ObjectRow | null;
}

/** The least string above every string that starts with `prefix`, in code point order; null for none. */
export function prefixEnd(prefix: string): string | null {
  const points = [...prefix];
  while (points.length > 0) {
    let next = (points.pop() as string).codePointAt(0)! + 1;
    if (next >= 0xd800 && next <= 0xdfff) next = 0xe000;
    if (next <= 0x10ffff) return points.join('') + String.fromCodePoint(next);
  }
  return null;
}

/** The part of `o.name` after the prefix. */
const rest = (scope: ListScope) => sql<string>`substr(o.name, char_length(${scope.prefix}::text) + 1)`;
/** The object sits below a folder under the prefix. */
const inFolder = (scope: ListScope) => sql<boolean>`(strpos(${rest(scope)}, '/') > 0)`;
/** The entry `o.name` lists as when folding: itself, or its folder `prefix…/`. */
const entryKey = (scope: ListScope) =>
  sql<string>`(CASE WHEN strpos(${rest(scope)}, '/') > 0 THEN left(o.name, char_length(${scope.prefix}::text) + strpos(${rest(scope)}, '/')) ELSE o.name END)`;

function inScope(scope: ListScope): RawBuilder<boolean> {
  const parts = [sql`o.bucket_id = ${scope.bucket}`];
  if (scope.prefix !== '') parts.push(sql`o.name ~>=~ ${scope.prefix}::text`);
  const end = prefixEnd(scope.prefix);
  if (end !== null) parts.push(sql`o.name ~<~ ${end}::text`);
  // The range is the prefix exactly; with no end above it (a prefix of U+10FFFF only) it is not.
  else if (scope.prefix !== '') parts.push(sql`starts_with(o.name, ${scope.prefix}::text)`);
  if (scope.visible?.where) parts.push(scope.visible.where('o.name'));
  if (scope.search !== undefined && scope.search !== '') parts.push(sql`starts_with(lower(split_part(${rest(scope)}, '/', 1)), lower(${scope.search}::text))`);
  return sql<boolean>`(${sql.join(parts, sql` AND `)})`;
}

const byName = (order: SortOrder) => sql.raw(order === 'asc' ? 'o.name USING ~<~' : 'o.name USING ~>~');

/**
 * Where the walk goes on after an entry. Ascending past a folder skips all it holds: its names run
 * from `…/` up to (not including) the same key with "/" raised to "0", the next byte; past an
 * object, the names above it. Descending, every name in a folder sorts after the folder's key, so
 * "below the key" skips it. `bound` is computed in the walk's own row, so the probe compares the
 * column with a column (leakproof, an index condition).
 */
const nextBound = (key: RawBuilder<string>, folder: RawBuilder<boolean>) => sql<string>`(CASE WHEN ${folder} THEN left(${key}, -1) || '0' ELSE ${key} END)`;

function startAfter(key: string, order: SortOrder): RawBuilder<boolean> {
  if (order === 'desc') return sql<boolean>`o.name ~<~ ${key}::text`;
  return key.endsWith('/') ? sql<boolean>`o.name ~>=~ ${`${key.slice(0, -1)}0`}::text` : sql<boolean>`o.name ~>~ ${key}::text`;
}

type Raw = ObjectRow & { key: string; folder: boolean; sort_value?: string };

const toEntry = (raw: Raw, value: string): Entry => ({ key: raw.key, folder: raw.folder, value, row: raw.folder ? null : raw });

/**
 * Entries folded at "/", in name order, one index probe each: from the entry after `from`
 * (exclusive; a key ending in "/" is a folder), at most `max`. A folder's objects are jumped
 * over, not read, so a page costs its length, not the folder's size. With `foldersOnly`, direct
 * objects are passed over.
 */
export async function walkEntries(
  db: AnyDb,
  scope: ListScope,
  options: { order: SortOrder; from: string | null; max: number; foldersOnly?: boolean },
): Promise<Entry[]> {
  if (options.max <= 0) return [];
  const where = options.foldersOnly === true ? sql`${inScope(scope)} AND ${inFolder(scope)}` : inScope(scope);
  const probe = (bound: RawBuilder<boolean>) =>
    sql`SELECT ${entryKey(scope)} AS key, ${inFolder(scope)} AS folder FROM storage_objects o WHERE ${where} AND ${bound} ORDER BY ${byName(options.order)} LIMIT 1`;
  const first = options.from === null ? sql<boolean>`true` : startAfter(options.from, options.order);
  const next = options.order === 'asc' ? sql<boolean>`o.name ~>=~ w.bound AND o.name <> w.key` : sql<boolean>`o.name ~<~ w.key`;
  const bound = nextBound(sql<string>`p.key`, sql<boolean>`p.folder`);
  const result = await sql<Raw>`
    WITH RECURSIVE walk(n, key, folder, bound) AS (
      (SELECT 1, p.key, p.folder, ${bound} FROM (${probe(first)}) p)
      UNION ALL
      SELECT w.n + 1, p.key, p.folder, ${bound}
        FROM walk w CROSS JOIN LATERAL (${probe(next)}) p
       WHERE w.n < ${options.max}::bigint
    )
    SELECT o.*, w.key, w.folder
      FROM walk w LEFT JOIN storage_objects o ON NOT w.folder AND o.bucket_id = ${scope.bucket} AND o.name = w.key
     ORDER BY w.n`.execute(db);
  return result.rows.map((raw) => toEntry(raw, raw.folder ? '' : raw.key));
}

/** A date as a cursor keeps it: UTC with microseconds, so no two instants share a value. */
const dateText = (column: RawBuilder<unknown>) => sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
/** What dateText writes; anything else is not a cursor this server gave for a date sort. */
export const DATE_VALUE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/**
 * Objects (no folders) in (sort column, name) order after the cursor `from`, at most `limit`;
 * `directOnly` keeps to the objects directly under the prefix.
 */
export async function objectPage(
  db: AnyDb,
  scope: ListScope,
  options: { column: SortColumn; order: SortOrder; from: { value: string; key: string } | null; limit: number; directOnly: boolean },
): Promise<Entry[]> {
  if (options.limit <= 0) return [];
  const { column, order, from } = options;
  const parts = [inScope(scope)];
  if (options.directOnly) parts.push(sql`NOT ${inFolder(scope)}`);
  const later = order === 'asc' ? sql.raw('~>~') : sql.raw('~<~');
  if (column === 'name') {
    if (from !== null) parts.push(sql`o.name ${later} ${from.key}::text`);
    const result = await sql<Raw>`
      SELECT o.*, o.name AS key, false AS folder FROM storage_objects o
       WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${byName(order)} LIMIT ${options.limit}::bigint`.execute(db);
    return result.rows.map((raw) => toEntry(raw, raw.key));
  }
  const col = sql.ref(`o.${column}`);
  if (from !== null) {
    const at = sql`${from.value}::timestamptz`;
    parts.push(
      order === 'asc'
        ? sql`(${col} > ${at} OR (${col} = ${at} AND o.name ${later} ${from.key}::text))`
        : sql`(${col} < ${at} OR (${col} = ${at} AND o.name ${later} ${from.key}::text))`,
    );
  }
  const result = await sql<Raw>`
    SELECT o.*, o.name AS key, false AS folder, ${dateText(col)} AS sort_value FROM storage_objects o
     WHERE ${sql.join(parts, sql` AND `)} ORDER BY ${col} ${sql.raw(order === 'asc' ? 'ASC' : 'DESC')}, ${byName(order)} LIMIT ${options.limit}::bigint`.execute(
    db,
  );
  return result.rows.map((raw) => toEntry(raw, raw.sort_value ?? ''));
}

/**
 * Folded entries sorted by a date. Folders have no dates: they come first ascending and last
 * descending (as an empty value sorts), by key, and a cursor with value '' is a folder's. At most
 * `max` entries after `from`.
 */
export async function foldedByDate(
  db: AnyDb,
  scope: ListScope,
  options: { column: Exclude<SortColumn, 'name'>; order: SortOrder; from: { value: string; key: string } | null; max: number },
): Promise<Entry[]> {
  const { column, order, from, max } = options;
  const fromFolder = from !== null && from.value === '';
  const folders = (count: number) => walkEntries(db, scope, { order, from: fromFolder ? from.key : null, max: count, foldersOnly: true });
  const objects = (count: number) => objectPage(db, scope, { column, order, from: fromFolder ? null : from, limit: count, directOnly: true });
  if (order === 'asc') {
    const head = from === null || fromFolder ? await folders(max) : [];
    return [...head, ...(await objects(max - head.length))];
  }
  const head = fromFolder ? [] : await objects(max);
  return [...head, ...(await folders(max - head.length))];
}
