import type { AnyDb } from '../../db/database.js';
import type { KeyVisibility } from '../access-rules.js';
import { StorageErrors, storageError } from '../storage-errors.js';
import { iso, type ObjectRow } from '../storage-rows.js';
import { DATE_VALUE, foldedByDate, objectPage, walkEntries, type Entry } from './list-queries.js';

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortBy: { column: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at'; order: 'asc' | 'desc' };
  search?: string;
  /** Which full keys the caller may see (access-rules.ts visibleKeys); all when absent. */
  visible?: KeyVisibility;
}

export interface ListEntry {
  name: string;
  id: string | null;
  created_at: string | null;
  updated_at: string | null;
  last_accessed_at: string | null;
  metadata: Record<string, unknown> | null;
}

/**
 * storage-js's list(): the direct children of a folder, names relative to it, sub-folders as
 * entries with null id and metadata; search matches the start of names, case-insensitively
 * (as supabase/storage's ILIKE prefix || search || '%'). By name, entries come in key order
 * (a folder sorts as "name/", as storage-api seeks them); by a date, folders (no dates) first
 * ascending and last descending. Only offset + limit entries are read (list-queries.ts).
 */
export async function listFolder(db: AnyDb, bucket: string, options: ListOptions): Promise<ListEntry[]> {
  const base = options.prefix === '' ? '' : `${options.prefix}/`;
  const scope = { bucket, prefix: base, visible: options.visible, search: options.search };
  const { column, order } = options.sortBy;
  // storage-js sends any offset; past the last entry there is simply nothing (and no overflow in SQL).
  const wanted = Math.min(options.offset + options.limit, Number.MAX_SAFE_INTEGER);
  const entries =
    column === 'name'
      ? await walkEntries(db, scope, { order, from: null, max: wanted })
      : await foldedByDate(db, scope, { column, order, from: null, max: wanted });
  return entries.slice(options.offset, wanted).map((entry) => {
    const name = entry.key.slice(base.length);
    return entry.row === null
      ? { name: name.slice(0, -1), id: null, created_at: null, updated_at: null, last_accessed_at: null, metadata: null }
      : toEntry(name, entry.row);
  });
}

export function toEntry(name: string, row: ObjectRow): ListEntry {
  return {
    name,
    id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    last_accessed_at: iso(row.last_accessed_at),
    metadata: objectMetadata(row),
  };
}

/** The metadata block supabase/storage keeps for every object. */
export function objectMetadata(row: ObjectRow): Record<string, unknown> {
  return {
    eTag: row.etag,
    size: Number(row.size),
    mimetype: row.mimetype,
    cacheControl: row.cache_control,
    lastModified: iso(row.updated_at),
    contentLength: Number(row.size),
    httpStatusCode: 200,
  };
}

export interface ListV2Options {
  /** A key prefix (not necessarily a whole folder): "reports/20" matches "reports/2026/…". */
  prefix: string;
  limit: number;
  /** The nextCursor of the previous page. */
  cursor?: string;
  /** Fold keys below the next "/" into folder entries, as S3's delimiter does. */
  withDelimiter: boolean;
  sortBy: { column: 'name' | 'updated_at' | 'created_at'; order: 'asc' | 'desc' };
  visible?: KeyVisibility;
}

export interface ListV2Result {
  hasNext: boolean;
  nextCursor?: string;
  folders: Array<{ name: string; key: string }>;
  objects: Array<ListEntry & { key: string }>;
}

/**
 * storage-js's listV2(): every object whose key starts with the prefix (full keys as names), or
 * with the delimiter the direct children, folders as `{name, key}` ending in "/". Keyset pages:
 * the opaque cursor names the last entry's sort value and key, the next page is read from there
 * with LIMIT limit + 1 (the extra row says whether there is more), so objects added meanwhile
 * neither repeat nor shift a page, and no page reads the whole prefix.
 */
export async function listObjectsV2(db: AnyDb, bucket: string, options: ListV2Options): Promise<ListV2Result> {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(options.prefix)) throw storageError(StorageErrors.invalidKey, 'Invalid key: the prefix must not contain control characters');
  const { column, order } = options.sortBy;
  const from = options.cursor === undefined || options.cursor === '' ? null : decodeCursor(options.cursor, column, options.withDelimiter);
  const scope = { bucket, prefix: options.prefix, visible: options.visible };
  const max = options.limit + 1;
  let entries: Entry[];
  if (!options.withDelimiter) entries = await objectPage(db, scope, { column, order, from, limit: max, directOnly: false });
  else if (column === 'name') entries = await walkEntries(db, scope, { order, from: from?.key ?? null, max });
  else entries = await foldedByDate(db, scope, { column, order, from, max });
  const page = entries.slice(0, options.limit);
  const last = page[page.length - 1];
  const hasNext = entries.length > page.length;
  return {
    hasNext,
    ...(hasNext && last !== undefined ? { nextCursor: encodeCursor(last) } : {}),
    folders: page.filter((e) => e.row === null).map((e) => ({ name: e.key, key: e.key })),
    objects: page.flatMap((e) => (e.row === null ? [] : [{ ...toEntry(e.key, e.row), key: e.key }])),
  };
}

function encodeCursor(entry: Entry): string {
  return Buffer.from(JSON.stringify([entry.value, entry.key]), 'utf8').toString('base64url');
}

/** The cursor's [value, key]; it must fit the sort it is used with (a date, or '' for a folder). */
function decodeCursor(cursor: string, column: ListV2Options['sortBy']['column'], folded: boolean): { value: string; key: string } {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') {
      const [value, key] = parsed as [string, string];
      // A folder's value is '' (it has no date); an object's its key, or its date as DATE_VALUE.
      const fits = value === '' ? folded && key.endsWith('/') : column === 'name' ? value === key : DATE_VALUE.test(value);
      if (fits) return { value, key };
    }
  } catch {
    // answered below
  }
  throw storageError(StorageErrors.invalidUpload, 'The cursor is not one this server gave');
}
